import type { PresetDefinition } from '../preset-types.js';
import { extraArea, extraField, keywordsField, lengthField, radioField, toneField } from './fields.js';

export const educationPresets: PresetDefinition[] = [
  {
    slug: 'eli5',
    title: 'Explain Like I\'m Five',
    description: 'Explain a complex idea in simple words that anyone can understand.',
    category: ['Education', 'Tools'],
    isFree: true,
    fields: [
      keywordsField('What should be explained?', 'e.g. How does the internet work?', 1000),
      extraField('extra1', 'Who is the explanation for?', 'e.g. a curious 10-year-old', 200),
      lengthField('Short'),
    ],
    prompt: `Explain this in very simple words, as if to a five-year-old: {{keywords}}{{#extra1}}
The explanation is for: {{extra1}}{{/extra1}}
Use short sentences, everyday words and one concrete comparison from daily life. Avoid jargon; if a technical word is unavoidable, explain it right away. End with a one-sentence summary.`,
    builtin: [
      `Explained simply: {{Topic}}

The big idea
Think of it like building with blocks: lots of small, simple pieces fit together to make something bigger and cleverer.
{{^isShort}}

The pieces{{#keywordList}}
- {{item}}: one block in the tower. Ask "what does it do?" and "what would happen without it?"{{/keywordList}}
{{/isShort}}
{{#isLong}}

Why it matters
Without these pieces working together, things would be slower, harder or more confusing, a bit like a tower with a block missing.
{{/isLong}}

Try it yourself
Explain it to a friend{{#extra1}} or to {{extra1}}{{/extra1}} in one sentence. If they get it, you've got it!`,
      `The question
{{Topic}}

The simple answer
Imagine a busy kitchen. Each cook does one small job, and together they make the whole meal. Big, complicated things usually work the same way: many small steps, each one easy to understand.
{{^isShort}}

The small steps here{{#keywordList}}
{{index}}. {{item}}{{/keywordList}}
{{/isShort}}

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
      radioField('extra2', 'Question type', ['Multiple choice', 'True or false', 'Short answer', 'Mixed'], 'Multiple choice'),
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
      radioField('extra2', 'Essay type', ['Argumentative', 'Expository', 'Compare and contrast', 'Narrative'], 'Argumentative'),
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
    description: 'Write measurable learning objectives using action verbs from Bloom\'s taxonomy.',
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
      keywordsField('Observations about the work', 'e.g. strong ideas, good structure, spelling errors, rushed ending', 2000),
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
];
