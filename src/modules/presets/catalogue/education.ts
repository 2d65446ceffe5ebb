import type { PresetDefinition } from '../../../shared/presets/preset-types.js';
import { extraArea, extraField, keywordsField, lengthField, radioField, toneField } from './fields.js';

export const educationPresets: PresetDefinition[] = [
  {
    slug: 'eli5',
    title: "Explain Like I'm 5",
    description: 'Explain a complex or obscure topic in the simplest of terms.',
    category: ['Education', 'Tools'],
    isFree: true,
    fields: [
      keywordsField('Topic', 'e.g. What is an API', 1000),
      extraField('extra1', 'Who is the explanation for?', 'e.g. a curious 10-year-old', 200),
      lengthField('Short'),
    ],
    prompt: `Explain this topic in very simple words, as if to a five-year-old: {{keywords}}{{#extra1}}
The explanation is for: {{extra1}}{{/extra1}}
Use short sentences, everyday words and one concrete comparison from daily life. Avoid jargon; if a technical word is unavoidable, explain it right away. End with a one-sentence summary.`,
    builtin: [
      `Explained simply: {{Topic}}

The big idea
Imagine playing with building blocks. Each block is small and simple, but put together the right way they make something big and clever. Most complicated ideas, this one included, work the same way: lots of simple parts, each doing one small job.
{{^isShort}}

How to understand it, step by step
1. Find the small parts: what are the "blocks"?
2. Ask what each part does, and what would happen without it.
3. Put the parts back together, and the big idea makes sense.
{{/isShort}}
{{#isLong}}

Why it matters
When one block is missing, the tower wobbles. In the same way, if one part stops working, the whole thing gets slower, harder or more confusing.
{{/isLong}}

Try it yourself
Explain it to a friend{{#extra1}} or to {{extra1}}{{/extra1}} in one sentence. If they get it, you've got it!`,
      `The question
{{Topic}}

The simple answer
Imagine a busy kitchen. Each cook does one small job, and together they make the whole meal. Big, complicated things usually work the same way: many small steps, each one easy to understand.
{{^isShort}}

Three questions that unlock it
1. What is it made of?
2. What does it do, and for whom?
3. What would happen if it disappeared tomorrow?
{{/isShort}}
{{#isLong}}

A grown-up word, made small
If you meet a difficult word while learning about this, swap it for "a thing that helps". Then ask: helps who, and how?
{{/isLong}}

Why should I care?
Because once you understand the small steps, the big thing stops being scary{{#extra1}}, whether you are {{extra1}} or a grown-up{{/extra1}}.`,
    ],
  },
  {
    slug: 'lesson-plan',
    title: 'Lesson Plan',
    description: 'Create a lesson plan with objectives, activities, timings and assessment.',
    category: ['Education'],
    isFree: false,
    fields: [
      keywordsField('Lesson topic', 'e.g. The water cycle', 1000),
      extraField('extra1', 'Grade or level', 'e.g. Year 5, or adult beginners', 100),
      extraField('extra2', 'Lesson duration', 'e.g. 45 minutes', 50),
      extraArea('extra3', 'Learning goals', 'e.g. name the stages, explain evaporation', 1000),
      lengthField(),
    ],
    prompt: `Create a lesson plan on: {{keywords}}{{#extra1}}
Grade or level: {{extra1}}{{/extra1}}{{#extra2}}
Duration: {{extra2}}{{/extra2}}{{#extra3}}
Learning goals: {{extra3}}{{/extra3}}
Include learning objectives, materials, a warm-up, direct instruction, a guided activity, independent practice, assessment and a closing reflection, each with a suggested timing, plus one idea for differentiation.`,
    builtin: [
      `Lesson plan: {{Topic}}{{#extra1}}
Level: {{extra1}}{{/extra1}}{{#extra2}}
Duration: {{extra2}}{{/extra2}}

Learning objectives{{#extra3}}
- {{extra3}}{{/extra3}}{{#keywordList}}
- Students can explain {{item}} in their own words.{{/keywordList}}

Warm-up (5 min)
Ask what students already know about {{topic}} and collect ideas on the board.

Instruction (10-15 min)
Introduce the key ideas with a clear example and a simple visual.

{{^isShort}}
Guided activity (10-15 min)
In pairs, students work through an example and explain their reasoning to another pair.

{{/isShort}}
{{#isLong}}
Independent practice (10 min)
Students complete a short task on their own; offer a simpler and a more challenging version.

{{/isLong}}
Assessment and close (5 min)
Exit ticket: "One thing I learned today, and one question I still have."`,
      `{{Topic}}{{#extra1}} · {{extra1}}{{/extra1}}{{#extra2}} · {{extra2}}{{/extra2}}

Goal: by the end of the lesson, students understand {{topic}} and can apply it to a new example.{{#extra3}}
Specific goals: {{extra3}}{{/extra3}}

Materials: board, worksheet, short video or image

Sequence
→ Hook: a surprising question or picture about {{topic}}
→ Explain: {{#keywordList}}{{item}}; {{/keywordList}}check understanding after each point
{{^isShort}}
→ Practise: small-group task with a worked example to start from
→ Share: each group presents one finding
{{/isShort}}
→ Reflect: quick quiz or exit ticket

Differentiation: extra support with sentence starters; extension with an open "what if" question.`,
    ],
  },
  {
    slug: 'quiz-generator',
    title: 'Quiz Generator',
    description: 'Create quiz questions on any topic or text, with answers for the teacher.',
    category: ['Education'],
    isFree: true,
    fields: [
      keywordsField('Topic or text to quiz on', 'e.g. Photosynthesis, or paste a short text', 3000),
      extraField('extra1', 'Level', 'e.g. secondary school, or new employees', 100),
      radioField(
        'extra2',
        'Question type',
        ['Multiple choice', 'True or false', 'Short answer', 'Mixed'],
        'Multiple choice',
      ),
      lengthField(),
    ],
    prompt: `Write a quiz about: {{keywords}}{{#extra1}}
Level: {{extra1}}{{/extra1}}{{#extra2}}
Question type: {{extra2}}{{/extra2}}
Write clear, unambiguous questions that test understanding rather than memorisation, give four plausible options for multiple-choice questions, and list the correct answers with a one-line explanation at the end.`,
    builtin: [
      `Quiz: {{Topic}}{{#extra1}} ({{extra1}}){{/extra1}}

{{#keywordList}}
{{index}}. In your own words, what is {{item}}?
{{^isShort}}
   Follow-up: give one example of {{item}} in real life.
{{/isShort}}
{{/keywordList}}
{{#isLong}}

Bonus: how are {{topic}} connected to each other?
{{/isLong}}

Answer key: to be completed by the teacher from the lesson material.`,
      `{{Topic}}: check your understanding

Agree or disagree? Explain your answer in one sentence.{{#keywordList}}
[ ] {{item}} matters more than most people think.{{/keywordList}}

Short answer
- Which idea from this topic do you find the hardest, and why?
{{^isShort}}
- Explain how you would teach this topic to a classmate.
{{/isShort}}

Teacher's note: review the answers together and revisit any idea that more than a third of the group got wrong.`,
    ],
  },
  {
    slug: 'study-notes',
    title: 'Study Notes',
    description: 'Turn a topic or text into clear, structured study notes with key terms and review questions.',
    category: ['Education'],
    isFree: true,
    fields: [
      keywordsField('Topic or text', 'e.g. Causes of the French Revolution, or paste your notes', 5000),
      extraField('extra1', 'Subject or course', 'e.g. History, Year 11', 200),
      lengthField(),
    ],
    prompt: `Turn the following into clear study notes: {{keywords}}{{#extra1}}
Subject or course: {{extra1}}{{/extra1}}
Use headings and bullet points, define key terms in bold, add one memorable example per main idea, and finish with five review questions.`,
    builtin: [
      `Study notes: {{Topic}}{{#extra1}}
Course: {{extra1}}{{/extra1}}

Main ideas
{{#keywordList}}
{{index}}. {{item}}
   • Definition: [in your own words]
   • Example: [one real-life example]
{{/keywordList}}

{{^isShort}}
How the ideas connect
Draw arrows between the main ideas above and write one sentence on each link.

{{/isShort}}
Review questions
- What are the main ideas of this topic?
- Which one would you explain first to someone new, and why?
{{#isLong}}
- Where could you apply this outside the classroom?
{{/isLong}}`,
      `{{Topic}}: summary sheet

KEY TERMS{{#keywordList}}
■ {{item}}{{/keywordList}}

REMEMBER
Focus on understanding why each term matters, not just what it means.

{{^isShort}}
SELF-TEST
Cover this sheet and write down every key term you can remember, with a one-line explanation. Check, then repeat tomorrow.
{{/isShort}}`,
    ],
  },
  {
    slug: 'essay-outline',
    title: 'Essay Outline',
    description: 'Plan an essay with a thesis, body paragraphs and supporting points.',
    category: ['Education', 'Content'],
    isFree: true,
    fields: [
      keywordsField('Essay topic or question', 'e.g. Should homework be banned in primary schools?', 1000),
      extraField('extra1', 'Your position or thesis', 'e.g. Homework should be limited, not banned', 300),
      radioField(
        'extra2',
        'Essay type',
        ['Argumentative', 'Expository', 'Compare and contrast', 'Narrative'],
        'Argumentative',
      ),
      lengthField(),
    ],
    prompt: `Create an essay outline for: {{keywords}}{{#extra1}}
Thesis or position: {{extra1}}{{/extra1}}{{#extra2}}
Essay type: {{extra2}}{{/extra2}}
Include a hook and thesis statement, body paragraphs each with a topic sentence, supporting evidence to look for and analysis, a counter-argument with a rebuttal where relevant, and a conclusion.`,
    builtin: [
      `Essay outline: {{Topic}}{{#extra2}} ({{extra2}}){{/extra2}}

Introduction
   - Hook: a striking fact, question or short scene
   - Background: why this question matters
   - Thesis: {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}your one-sentence answer to the question{{/extra1}}

Body
{{#keywordList}}
   {{index}}. {{item}}
      - Topic sentence
      - Evidence to find
      - Why it supports the thesis
{{/keywordList}}
{{^isShort}}

Counter-argument
   - The strongest opposing view, and why the thesis still holds
{{/isShort}}

Conclusion
   - Restate the thesis in new words
   - Leave the reader with a final thought`,
      `Plan for: {{topic}}

Thesis: {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[state your answer in one sentence]{{/extra1}}

Paragraph plan{{#keywordList}}
¶{{index}}: {{item}}. Point, evidence, explanation, link back to the thesis.{{/keywordList}}{{#isLong}}
Extra paragraph: address the main objection fairly, then explain why your view is stronger.{{/isLong}}

Conclusion: summarise the argument and answer "so what?".`,
    ],
  },
  {
    slug: 'flashcards-generator',
    title: 'Flashcards Generator',
    description: 'Create question-and-answer flashcards for revising any topic.',
    category: ['Education'],
    isFree: true,
    fields: [
      keywordsField('Topic or terms', 'e.g. mitosis, meiosis, chromosome, gene', 2000),
      extraField('extra1', 'Level', 'e.g. high school biology', 100),
    ],
    prompt: `Create flashcards for revising: {{keywords}}{{#extra1}}
Level: {{extra1}}{{/extra1}}
Write 10 to 15 cards as "Front:" and "Back:" pairs. Keep the front to one precise question and the back to one or two sentences, and cover definitions, examples and common confusions.`,
    builtin: [
      `Flashcards: {{Topic}}{{#extra1}} ({{extra1}}){{/extra1}}

{{#keywordList}}
Card {{index}}
Front: What is {{item}}?
Back: [definition in one sentence]

{{/keywordList}}
Tip: shuffle the cards and review the ones you miss again tomorrow.`,
      `{{#keywordList}}
Q: Give an example of {{item}}.
A: [your example]

Q: Why is {{item}} important?
A: [one-sentence reason]

{{/keywordList}}
Spaced repetition: review today, in 2 days, in a week, then in a month.`,
    ],
  },
  {
    slug: 'course-outline',
    title: 'Course Outline',
    description: 'Design a course outline with modules, lessons and outcomes.',
    category: ['Education', 'Business'],
    isFree: false,
    fields: [
      keywordsField('Course topic', 'e.g. Introduction to data analysis with spreadsheets', 1000),
      extraField('extra1', 'Audience', 'e.g. office workers with no technical background', 200),
      extraField('extra2', 'Format and duration', 'e.g. 6 weekly online sessions', 200),
      lengthField(),
    ],
    prompt: `Design a course outline for: {{keywords}}{{#extra1}}
Audience: {{extra1}}{{/extra1}}{{#extra2}}
Format and duration: {{extra2}}{{/extra2}}
Include a course description, learning outcomes, modules with lesson titles and a one-line description each, practical exercises, and how learners will be assessed.`,
    builtin: [
      `Course: {{Topic}}{{#extra1}}
For: {{extra1}}{{/extra1}}{{#extra2}}
Format: {{extra2}}{{/extra2}}

Course outcomes
By the end, learners will be able to understand, explain and apply the core ideas of {{topic}}.

Modules
Module 0: Welcome and foundations
{{#keywordList}}
Module {{index}}: {{item}}
{{^isShort}}
   Lesson: key concepts · Exercise: hands-on practice · Check: short quiz
{{/isShort}}
{{/keywordList}}
Final module: project and review

{{#isLong}}
Assessment
Weekly quizzes (30%), a final project (50%) and participation (20%).
{{/isLong}}`,
      `{{Topic}}: course at a glance

Who it's for: {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}beginners who want a practical start{{/extra1}}
How it runs: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}self-paced, with weekly exercises{{/extra2}}

Week by week{{#keywordList}}
Week {{index}}: {{item}}{{/keywordList}}

{{^isShort}}
Each week combines a short explanation, a worked example and a practical task, so learners apply what they learn straight away.
{{/isShort}}`,
    ],
  },
  {
    slug: 'learning-objectives',
    title: 'Learning Objectives',
    description: "Write measurable learning objectives using action verbs from Bloom's taxonomy.",
    category: ['Education', 'HR'],
    isFree: true,
    fields: [
      keywordsField('Topic or skills', 'e.g. giving constructive feedback, active listening', 1000),
      extraField('extra1', 'Learner level', 'e.g. new team leads', 200),
    ],
    prompt: `Write measurable learning objectives for: {{keywords}}{{#extra1}}
Learner level: {{extra1}}{{/extra1}}
Write 5 to 8 objectives that each start with "Learners will be able to", use an observable action verb from Bloom's taxonomy, progress from remembering to creating, and can be checked with an activity or assessment.`,
    builtin: [
      `Learning objectives: {{Topic}}{{#extra1}} (for {{extra1}}){{/extra1}}

By the end of this session, learners will be able to:
{{#keywordList}}
- describe {{item}} and explain why it matters
- apply {{item}} to a realistic example
{{/keywordList}}
- evaluate their own practice and plan one improvement`,
      `Objectives, from basic to advanced

Remember: list the key ideas of {{topic}}.
Understand: explain each idea in their own words.
Apply: use {{topic}} in a practical task{{#extra1}} typical for {{extra1}}{{/extra1}}.
Analyse: compare approaches and spot common mistakes.
Create: design their own plan or example.

How to check: a short quiz for the first two, a practical exercise for the rest.`,
    ],
  },
  {
    slug: 'discussion-questions',
    title: 'Discussion Questions',
    description: 'Create open discussion questions for a class, book club or workshop.',
    category: ['Education', 'Other'],
    isFree: true,
    fields: [
      keywordsField('Topic, book or text', 'e.g. To Kill a Mockingbird: justice, empathy, growing up', 2000),
      extraField('extra1', 'Group', 'e.g. book club, Year 10 class, team workshop', 200),
      lengthField(),
    ],
    prompt: `Write open discussion questions about: {{keywords}}{{#extra1}}
The group: {{extra1}}{{/extra1}}
Start with easy, personal questions, move on to analysis and interpretation, and end with questions that connect the topic to the participants' own lives. Avoid yes/no questions.`,
    builtin: [
      `Discussion questions: {{Topic}}{{#extra1}} ({{extra1}}){{/extra1}}

Warm-up
- What was your first reaction to this, and why?

Main questions{{#keywordList}}
- What does {{item}} mean to you here? Where did you notice it most?{{/keywordList}}

{{^isShort}}
Going deeper
- Which moment or idea changed your view the most?
- What would someone who disagrees say?

{{/isShort}}
Closing
- What will you take away from this discussion?`,
      `Let's talk about {{topic}}

- If you had to sum it up in one word, what would it be?{{#keywordList}}
- How is {{item}} shown, and is it convincing?{{/keywordList}}{{#isLong}}
- What question would you ask the author or expert if you could?{{/isLong}}
- How does this connect to your own experience{{#extra1}} as a {{extra1}}{{/extra1}}?`,
    ],
  },
  {
    slug: 'essay-writer',
    title: 'Essay Writer',
    description: 'Draft a structured essay with an introduction, argued body paragraphs and a conclusion.',
    category: ['Education', 'Content'],
    isFree: false,
    fields: [
      keywordsField('Essay topic or question', 'e.g. Is social media good for democracy?', 1000),
      extraField('extra1', 'Thesis or position', 'e.g. It helps participation but harms deliberation', 300),
      extraArea('extra2', 'Key arguments or sources', 'e.g. voter turnout studies, misinformation research', 1000),
      toneField('e.g. academic, persuasive'),
      lengthField(),
    ],
    prompt: `Write an essay on: {{keywords}}{{#extra1}}
Thesis: {{extra1}}{{/extra1}}{{#extra2}}
Use these arguments or sources: {{extra2}}{{/extra2}}
Write an introduction ending in a clear thesis, body paragraphs that each make one point with evidence and analysis, a paragraph addressing the strongest counter-argument, and a conclusion. Do not invent citations.`,
    builtin: [
      `{{Topic}}

Few questions divide opinion quite like this one. {{#extra1}}This essay argues that {{extra1}}.{{/extra1}}{{^extra1}}This essay weighs the main arguments and reaches a clear position.{{/extra1}}

{{#keywordList}}
Consider {{item}}: it is central to the debate. Looking at it closely shows both its importance and its limits, and it is here that the strongest evidence can be found.

{{/keywordList}}
{{#extra2}}
The key sources and arguments ({{extra2}}) support this reading.

{{/extra2}}
{{^isShort}}
Critics would argue the opposite, and their concerns deserve a fair hearing. Yet on balance, the evidence points in one direction.

{{/isShort}}
{{#isLong}}
It is also worth considering what would change the conclusion: new evidence, different circumstances or a shift in priorities could all alter the balance.

{{/isLong}}
In conclusion, {{topic}} is best understood not as a simple yes-or-no question but as a matter of balance, context and evidence.`,
      `Essay draft: {{Topic}}

Introduction
The question of {{topic}} matters because it affects how we think and act. {{#extra1}}Thesis: {{extra1}}.{{/extra1}}

Body{{#keywordList}}
Consider {{item}}. It shows that the issue is more complex than it first appears.{{/keywordList}}{{#extra2}}
Supporting material: {{extra2}}{{/extra2}}

{{^isShort}}
Counter-argument
An opposing view deserves attention, but it does not outweigh the points above.

{{/isShort}}
Conclusion
Taken together, these points support a measured answer, and suggest where further thought is needed.`,
    ],
  },
  {
    slug: 'student-feedback-comments',
    title: 'Student Feedback Comments',
    description: 'Write constructive, encouraging feedback or report comments for a student.',
    category: ['Education'],
    isFree: false,
    fields: [
      keywordsField(
        'Observations about the work',
        'e.g. strong ideas, good structure, spelling errors, rushed ending',
        2000,
      ),
      extraField('extra1', 'Student name', 'e.g. Leo', 100),
      extraField('extra2', 'Subject or assignment', 'e.g. English persuasive essay', 200),
      extraField('extra3', 'Next step to suggest', 'e.g. proofread aloud before submitting', 300),
      toneField('e.g. encouraging, formal'),
    ],
    prompt: `Write feedback for a student based on these observations: {{keywords}}{{#extra1}}
Student: {{extra1}}{{/extra1}}{{#extra2}}
Subject or assignment: {{extra2}}{{/extra2}}{{#extra3}}
Next step to suggest: {{extra3}}{{/extra3}}
Start with specific praise, name one or two areas to improve with concrete advice, and end with an encouraging, actionable next step. Address the student directly.`,
    builtin: [
      `{{#extra1}}{{extra1}}, well{{/extra1}}{{^extra1}}Well{{/extra1}} done on this {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}piece of work{{/extra2}}.

What I noticed{{#keywordList}}
- {{item}}{{/keywordList}}

Keep building on your strengths, and focus next on the area that will make the biggest difference.
{{#extra3}}
Next step: {{extra3}}.
{{/extra3}}`,
      `Feedback{{#extra2}} on your {{extra2}}{{/extra2}}

Thank you for your work{{#extra1}}, {{extra1}}{{/extra1}}. My notes in brief: {{topic}}.

⭐ Keep doing what is already working: it gives you a solid foundation.
➜ {{#extra3}}Next time: {{extra3}}.{{/extra3}}{{^extra3}}Next time: choose one of the points above and make it your focus.{{/extra3}}

I look forward to seeing your next piece!`,
    ],
  },
  {
    slug: 'reading-comprehension-questions',
    title: 'Reading Comprehension Questions',
    description: 'Create reading comprehension questions and an answer guide for any passage.',
    category: ['Education'],
    isFree: true,
    fields: [
      keywordsField('Text or passage', 'Paste the passage your students will read', 5000),
      extraField('extra1', 'Grade or level', 'e.g. Year 6, or intermediate adult learners', 100),
      lengthField(),
    ],
    prompt: `Write reading comprehension questions about this text: {{keywords}}{{#extra1}}
Level: {{extra1}}{{/extra1}}
Include literal questions (what the text says), inference questions (what it implies), vocabulary-in-context questions and one personal response question, in that order. Base every question on the text, avoid questions that can be answered without reading it, and add a short answer guide with the line or evidence to look for.`,
    builtin: [
      `Reading comprehension: {{Topic}}{{#extra1}}
Level: {{extra1}}{{/extra1}}

Find it in the text
1. What is the passage mainly about? Sum it up in one sentence.
2. Which details does the writer give to support the main idea?

Read between the lines
3. What can you work out about the topic that the writer does not say directly? Which words tell you?
{{^isShort}}
4. Why do you think the writer chose to start the passage the way they did?

Words in context
5. Choose one unfamiliar word from the passage. Use the sentences around it to explain what it means.
{{/isShort}}
{{#isLong}}

Your response
6. Do you agree with the writer's point of view? Give a reason and one piece of evidence from the text.
7. What question would you like to ask the writer?
{{/isLong}}

Answer guide: accept any answer that is supported by evidence from the passage.`,
      `Before you read
Predict from the first line: "{{topic}}". What do you think the passage will be about?

While you read
- Underline the sentence that carries the main idea.
- Circle two words you are not sure about.

After you read
- Retell the passage in three sentences: beginning, middle and end.
- What is one thing the writer wants you to think or feel?
{{^isShort}}
- Which detail surprised you most, and why?
- Find one fact and one opinion in the text.
{{/isShort}}
{{#extra1}}

Teacher's note for {{extra1}}: pair weaker readers with a partner for the retelling task.
{{/extra1}}`,
    ],
  },
  {
    slug: 'analogy-maker',
    title: 'Analogy Maker',
    description: 'Explain a difficult concept with clear, memorable analogies from everyday life.',
    category: ['Education', 'Content'],
    isFree: true,
    fields: [
      keywordsField('Concept to explain', 'e.g. how vaccines train the immune system', 1000),
      extraField('extra1', 'Audience', 'e.g. secondary school students', 200),
      extraField('extra2', 'Draw analogies from', 'e.g. football, cooking, video games', 200),
    ],
    prompt: `Create analogies that explain this concept: {{keywords}}{{#extra1}}
Audience: {{extra1}}{{/extra1}}{{#extra2}}
Take the comparisons from: {{extra2}}{{/extra2}}
Write three different analogies. For each, state the comparison in one sentence, map the key parts of the concept to the parts of the analogy, and name where the analogy breaks down so it does not create a misconception.`,
    builtin: [
      `Analogies for: {{Topic}}{{#extra1}} (for {{extra1}}){{/extra1}}

1. The recipe
Understanding {{topic}} is like following a recipe: each ingredient has a job, the order matters, and the result only works when every step is done right.
Where it breaks down: real systems adapt and change, while a recipe stays the same.

2. The team
Think of it as a sports team: individual players have different roles, but the result comes from how they work together.
Where it breaks down: a team can improvise, while many processes follow fixed rules.
{{#extra2}}

3. From {{extra2}}
Pick the part of {{extra2}} your audience knows best, and match each of its parts to a part of the concept. The closer the match, the stronger the analogy.
{{/extra2}}`,
      `{{Topic}}, explained by comparison

Imagine a city at rush hour. Roads, signals and drivers each do a small job, and the whole system only flows when they work together. You can picture {{topic}} the same way: several parts with clear roles, connected by simple rules.

How the parts map
- The drivers: the main actors in the concept
- The traffic lights: the rules that control them
- The traffic jam: what happens when something goes wrong
{{#extra2}}

Want a version based on {{extra2}}? Replace the city with a scene from {{extra2}} and keep the same mapping.
{{/extra2}}
{{#extra1}}

Check for {{extra1}}: ask learners where the comparison stops being true. That question deepens understanding.
{{/extra1}}`,
    ],
  },
  {
    slug: 'vocabulary-list',
    title: 'Vocabulary List',
    description: 'Build a vocabulary list with definitions and example sentences for a topic or text.',
    category: ['Education'],
    isFree: true,
    fields: [
      keywordsField('Topic, text or words', 'e.g. evaporation, condensation, precipitation, runoff', 3000),
      extraField('extra1', 'Level', 'e.g. Year 4, or B1 learners', 100),
      extraField('extra2', 'What to include', 'e.g. synonyms, word family, a drawing prompt', 200),
    ],
    prompt: `Create a vocabulary list for: {{keywords}}{{#extra1}}
Learner level: {{extra1}}{{/extra1}}{{#extra2}}
Also include: {{extra2}}{{/extra2}}
If a topic or text is given, pick the 10 to 15 most useful words from it; if words are listed, use those. For each word give the part of speech, a learner-friendly definition and an example sentence, then add a short matching or gap-fill activity to practise them.`,
    builtin: [
      `Vocabulary: {{Topic}}{{#extra1}} ({{extra1}}){{/extra1}}

{{#keywordList}}
{{index}}. {{item}}
   Meaning: [a short, simple definition]
   Example: "[a sentence that shows how {{item}} is used]"
{{/keywordList}}
{{#extra2}}

For each word, also note: {{extra2}}
{{/extra2}}

Practice: cover the meanings and test yourself, then write one new sentence with each word.`,
      `Word bank: {{topic}}

| Word | Meaning | My sentence |
| --- | --- | --- |
{{#keywordList}}
| {{item}} | [definition] | [write your own] |
{{/keywordList}}

Activity
Choose three words from the table and use them in a short paragraph about the topic.{{#extra2}}
Extra: {{extra2}}{{/extra2}}{{#extra1}}
Suitable for: {{extra1}}{{/extra1}}`,
    ],
  },
  {
    slug: 'grading-rubric',
    title: 'Grading Rubric',
    description: 'Create a clear grading rubric with criteria and performance levels for an assignment.',
    category: ['Education'],
    isFree: false,
    fields: [
      keywordsField('Assignment', 'e.g. Persuasive essay on a local environmental issue', 1000),
      extraField('extra1', 'Grade or level', 'e.g. Year 9', 100),
      extraArea(
        'extra2',
        'Criteria to assess',
        'e.g. argument, use of evidence, structure, spelling and grammar',
        1000,
      ),
      extraField('extra3', 'Total points', 'e.g. 20 points', 100),
    ],
    prompt: `Create a grading rubric for this assignment: {{keywords}}{{#extra1}}
Level: {{extra1}}{{/extra1}}{{#extra2}}
Criteria to assess: {{extra2}}{{/extra2}}{{#extra3}}
Total points: {{extra3}}{{/extra3}}
Present it as a table with one row per criterion and four performance levels (Excellent, Good, Developing, Beginning). Describe each level with observable, student-friendly wording rather than vague adjectives, give points per level that add up to the total, and add two sentences on how to use it for feedback.`,
    builtin: [
      `Rubric: {{Topic}}{{#extra1}} ({{extra1}}){{/extra1}}{{#extra3}}
Total: {{extra3}}{{/extra3}}
{{#extra2}}
Criteria: {{extra2}}
{{/extra2}}

| Criterion | Excellent (4) | Good (3) | Developing (2) | Beginning (1) |
| --- | --- | --- | --- | --- |
| Content and ideas | Clear, original and fully developed | Clear and mostly developed | Some ideas are unclear or thin | Ideas are missing or off-topic |
| Use of evidence | Well chosen and explained | Relevant, partly explained | Limited or loosely linked | Little or none |
| Structure | Logical from start to finish | Mostly logical | Hard to follow in places | No clear structure |
| Accuracy | Virtually error-free | Few errors | Errors sometimes get in the way | Errors often block meaning |

How to use it: share the rubric before students start, and highlight the matching cell for each criterion when you give feedback.`,
      `Success criteria for {{topic}}

{{#extra2}}
We will assess: {{extra2}}

{{/extra2}}
★★★★ Excellent: meets every requirement, with insight and care beyond what was asked
★★★ Good: meets the requirements with only minor gaps
★★ Developing: meets some requirements; key parts need more work
★ Beginning: the main requirements are not yet met
{{#extra3}}

Scoring: {{extra3}} in total, split evenly across the criteria.
{{/extra3}}
{{#extra1}}

Student checklist ({{extra1}})
{{/extra1}}
{{^extra1}}

Student checklist
{{/extra1}}
☐ I answered the task fully
☐ I supported my points with evidence
☐ I checked my work before handing it in`,
    ],
  },
  {
    slug: 'email-to-parents',
    title: 'Email to Parents',
    description: 'Write a clear, friendly email from a teacher or school to parents and guardians.',
    category: ['Education'],
    isFree: true,
    fields: [
      keywordsField(
        'What is the email about?',
        'e.g. school trip to the science museum on 12 May, permission slip and packed lunch needed',
        2000,
      ),
      extraField('extra1', 'Class or grade', 'e.g. Class 4B', 100),
      extraField('extra2', 'Student name', 'e.g. Leo (leave empty for a whole-class email)', 100),
      extraField('extra3', 'Teacher name', 'e.g. Ms Costa', 100),
      toneField('e.g. warm, reassuring'),
    ],
    prompt: `Write an email from a teacher to parents and guardians about: {{keywords}}{{#extra1}}
Class: {{extra1}}{{/extra1}}{{#extra2}}
The email is about one student: {{extra2}}{{/extra2}}{{#extra3}}
Teacher: {{extra3}}{{/extra3}}
Put the key information first, list any dates, actions or items parents need in a short checklist, keep the wording plain and jargon-free for busy readers, and end with how to get in touch. If it concerns a single student, keep it private, balanced and constructive.`,
    builtin: [
      `Subject: {{Topic}}

Dear {{#extra2}}parents and guardians of {{extra2}}{{/extra2}}{{^extra2}}parents and guardians{{#extra1}} of {{extra1}}{{/extra1}}{{/extra2}},

I am writing to let you know about the following: {{topic}}.

What you need to do
☐ Read the details above and note any dates in your calendar
☐ Reply to this email or speak to me if you have any questions

Thank you for your support. It makes a real difference to our class.

Kind regards,
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Teacher's name]{{/extra3}}{{#extra1}}
{{extra1}}{{/extra1}}`,
      `Hello {{#extra1}}{{extra1}} {{/extra1}}families,

A quick update{{#extra2}} about {{extra2}}{{/extra2}}:
{{#keywordList}}
• {{item}}
{{/keywordList}}

If anything is unclear, or if your child needs any support with this, please get in touch. I am always happy to help.

Best wishes,
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Teacher's name]{{/extra3}}`,
    ],
  },
  {
    slug: 'math-word-problems',
    title: 'Math Word Problems',
    description: 'Create maths word problems with worked answers for any skill and grade.',
    category: ['Education'],
    isFree: false,
    fields: [
      keywordsField('Maths skill or topic', 'e.g. adding fractions with different denominators', 1000),
      extraField('extra1', 'Grade or level', 'e.g. Year 5', 100),
      extraField('extra2', 'Theme', 'e.g. a trip to the zoo', 200),
      lengthField(),
    ],
    prompt: `Write maths word problems that practise: {{keywords}}{{#extra1}}
Level: {{extra1}}{{/extra1}}{{#extra2}}
Theme for the stories: {{extra2}}{{/extra2}}
Write problems that increase in difficulty, use realistic numbers and situations, and need the skill to solve them rather than guessing. Include one multi-step challenge problem, then give an answer key with a short worked solution for each problem.`,
    builtin: [
      `Word problems: {{Topic}}{{#extra1}} ({{extra1}}){{/extra1}}{{#extra2}}
Theme: {{extra2}}{{/extra2}}

1. Warm-up
Write a short story problem that uses {{topic}} with small, friendly numbers, then solve it.

2. Practice
Sam has a problem that needs {{topic}}. Write down what you know, what you need to find, and the calculation you will use.
{{^isShort}}

3. Stretch
Change one number in problem 2 so the answer doubles. What did you change, and why does it work?
{{/isShort}}
{{#isLong}}

4. Challenge (two steps)
Create a problem that needs {{topic}} and one more operation to solve. Swap with a partner and solve each other's.
{{/isLong}}

Check your answers: does the result make sense in the story? Estimate first, then calculate.`,
      `Story problems for {{topic}}

{{#extra2}}
Every problem is set in the world of {{extra2}}.

{{/extra2}}
Step by step
- Read the problem twice.
- Underline the numbers and circle the question.
- Choose the operation, solve, then check your answer against the story.

Problems
A. [Short, one-step problem using {{topic}}]
B. [Two-step problem using {{topic}}]
{{^isShort}}
C. [Problem with a distractor number that is not needed]
{{/isShort}}
{{#isLong}}
D. [Open problem: more than one correct answer is possible]
{{/isLong}}
{{#extra1}}

Level: {{extra1}}. Adjust the numbers up or down to match your class.
{{/extra1}}`,
    ],
  },
];
