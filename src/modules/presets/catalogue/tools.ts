import type { PresetDefinition } from '../../../shared/presets/preset-types.js';
import { extraArea, extraField, hostedToneField, keywordsField, lengthField, textField, toneField } from './fields.js';

/** The tone field as the hosted reference defines it for its presets: "Tone", up to 1000 characters. */
export const toolsPresets: PresetDefinition[] = [
  {
    slug: 'grammar-corrector',
    title: 'Grammar Corrector',
    description: 'Fix spelling, grammar and punctuation while keeping your own wording.',
    category: ['Tools', 'Content'],
    isFree: true,
    fields: [keywordsField('Text to correct', 'Paste the text you want checked', 5000)],
    prompt: `Correct the spelling, grammar and punctuation of the text below. Keep the meaning, wording and style as close to the original as possible, do not add new content, and return only the corrected text.

Text to correct:
{{keywords}}`,
    builtin: [
      `{{keywords}}

Proofreading checklist
- Every sentence has a subject and a verb that agree
- Names, numbers and dates are spelled consistently
- Commas separate clauses; no sentence runs on without a break
- Each sentence ends with the right punctuation`,
      `Text for review

{{keywords}}

Before sending, read it aloud once: most slips (missing words, doubled words, wrong verb forms) are easier to hear than to see.`,
    ],
  },
  {
    slug: 'fill-the-gaps',
    title: 'Fill the Gaps',
    description: 'Add contextually relevant text between a start section and an end section, or continue the start.',
    category: ['Tools', 'Content'],
    isFree: true,
    fields: [
      keywordsField('Start section', 'e.g. Hi Peter! Thank you for your offer', 1000),
      textField(
        'suffix',
        'End section (the text after the gap)',
        'e.g. Looking forward to working together with you!',
        { maxLength: 1000 },
      ),
      extraField(
        'extra1',
        'What the missing part should cover',
        'e.g. accepting the offer and proposing a start date',
        300,
      ),
      lengthField('Short'),
    ],
    prompt: `{{#suffix}}Write the missing text that belongs between the start section and the end section below, so that the whole reads as one coherent piece.{{/suffix}}{{^suffix}}Write the passage that naturally follows the start section below, so that the whole reads as one coherent piece.{{/suffix}} Match the style of the surrounding text, do not repeat it, and return only the new text.{{#extra1}}
The missing part should cover: {{extra1}}{{/extra1}}

Start section:
{{keywords}}{{#suffix}}

End section:
{{suffix}}{{/suffix}}`,
    builtin: [
      `{{keywords}}

{{#extra1}}This is where {{extra1}} comes in. {{/extra1}}Building on that, it helps to look at how the pieces connect. {{^isShort}}Each point leads naturally to the next, and seeing that link makes what follows easier to understand. {{/isShort}}{{#isLong}}It is worth pausing here, because the details matter: small choices at this stage shape everything that comes after. {{/isLong}}With that in mind, the next part follows naturally.{{#suffix}}

{{suffix}}{{/suffix}}`,
      `{{keywords}}

That was only the starting point.{{#extra1}} What mattered next was {{extra1}}.{{/extra1}} {{^isShort}}Over time, the picture became clearer, and the questions that had seemed difficult began to answer themselves. {{/isShort}}{{#isLong}}Not everything went to plan, but each setback added something useful. {{/isLong}}And so the next step was clear.{{#suffix}}

{{suffix}}{{/suffix}}`,
    ],
  },
  {
    slug: 'text-simplifier',
    title: 'Text Simplifier',
    description: 'Rewrite complex text in plain, easy-to-read language.',
    category: ['Tools', 'Education'],
    isFree: true,
    fields: [
      keywordsField('Text to simplify', 'Paste the text you want made easier to read', 5000),
      extraField('extra1', 'Who will read it?', 'e.g. customers without a legal background', 200),
    ],
    prompt: `Rewrite the text below in plain, easy-to-read words.{{#extra1}}
The readers are: {{extra1}}{{/extra1}}
Use short sentences and everyday words, explain or replace jargon, keep every fact and instruction, and do not add anything new. Return only the simplified text.

Text to simplify:
{{keywords}}`,
    builtin: [
      `Plain-language draft{{#extra1}} for {{extra1}}{{/extra1}}

{{keywords}}

To make it simpler
- Keep sentences under 20 words
- Swap long words for short ones (use, help, start, end)
- Explain any technical term the first time it appears
- Put the most important point first`,
      `{{keywords}}

---
Plain-language check{{#extra1}} (readers: {{extra1}}){{/extra1}}
1. Could a reader explain the main point after one read?
2. Is every instruction written as a direct action ("Send the form", not "The form should be sent")?
3. Is there any word a friend outside your field would have to look up?`,
    ],
  },
  {
    slug: 'paragraph-to-bullet-points',
    title: 'Paragraph to Bullet Points',
    description: 'Turn a block of text into a clear, scannable list of bullet points.',
    category: ['Tools', 'Content'],
    isFree: true,
    fields: [
      keywordsField('Text to turn into bullet points', 'Paste a paragraph or notes', 5000),
      extraField('extra1', 'Heading', 'e.g. Key takeaways', 100),
    ],
    prompt: `Turn the text below into clear bullet points. Give each bullet one idea, start it with the key word or action, keep it short, and keep every fact. Return only the list.{{#extra1}}
Put this heading above the list: {{extra1}}{{/extra1}}

Text:
{{keywords}}`,
    builtin: [
      `{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}Key points{{/extra1}}
{{#keywordList}}
• {{item}}
{{/keywordList}}`,
      `{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}Summary in points{{/extra1}}
{{#keywordList}}
{{index}}. {{item}}
{{/keywordList}}`,
    ],
  },
  {
    slug: 'sentence-expander',
    title: 'Sentence Expander',
    description: 'Expand a short sentence into a fuller, more engaging and interesting paragraph.',
    category: ['Tools', 'Content'],
    isFree: true,
    fields: [
      keywordsField('Sentence to expand', 'e.g. Today is good weather', 1000),
      extraField('extra1', 'Details to add', 'e.g. perfect for a picnic in the park', 300),
      hostedToneField(),
      lengthField('Short'),
    ],
    prompt: `Expand this sentence into a fuller paragraph: {{keywords}}{{#extra1}}
Details to work in: {{extra1}}{{/extra1}}
Keep the original meaning, add explanation, a concrete example or image and a concluding thought, make it engaging to read, and avoid filler.`,
    builtin: [
      `{{Topic}}. {{#extra1}}Picture it: {{extra1}}. {{/extra1}}{{^isShort}}At first glance it may seem like a small point, but it has real consequences for the way people spend their time, make decisions and feel from day to day. {{/isShort}}{{#isLong}}Think of a typical week: the difference shows up not in one big moment, but in dozens of small ones that add up. {{/isLong}}Taken seriously, it can change far more than we expect.`,
      `{{Topic}}. That may sound like a simple observation, but it is worth a closer look. {{^isShort}}The reasons are practical rather than theoretical.{{#extra1}} One detail says it all: {{extra1}}.{{/extra1}} {{/isShort}}{{#isLong}}Each of these builds on the others, which is why the effect grows over time instead of fading. {{/isLong}}In short, it is an idea worth acting on.`,
    ],
  },
  {
    slug: 'prompt-generator',
    title: 'Prompt Generator',
    description: 'Turn a rough request into a clear, structured prompt for a writing or chat assistant.',
    category: ['Tools'],
    isFree: false,
    fields: [
      keywordsField('What should the assistant do?', 'e.g. Plan a 3-day team offsite in Porto', 2000),
      extraArea('extra1', 'Context and background', 'e.g. 12 people, budget €6,000, mix of work and fun', 1000),
      extraField('extra2', 'Output format', 'e.g. day-by-day table', 200),
      extraField('extra3', 'Audience or role', 'e.g. an experienced event planner', 200),
    ],
    prompt: `Write a clear, well-structured prompt that a capable writing or chat assistant could follow to do this: {{keywords}}{{#extra1}}
Context: {{extra1}}{{/extra1}}{{#extra2}}
Desired output format: {{extra2}}{{/extra2}}{{#extra3}}
The assistant should act as: {{extra3}}{{/extra3}}
Include a role, the task, relevant context, constraints, the expected output format and one example of a good result where helpful. Return only the finished prompt.`,
    builtin: [
      `{{#extra3}}You are {{extra3}}.{{/extra3}}{{^extra3}}You are an expert in this field.{{/extra3}}

Task
{{Topic}}

{{#extra1}}
Context
{{extra1}}

{{/extra1}}
Requirements
- Be specific and practical
- State any assumptions you make
- Ask one clarifying question first if something essential is missing

Output format
{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}A short overview followed by clear, numbered steps.{{/extra2}}`,
      `Act as {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}a seasoned specialist{{/extra3}}. I need your help with the following: {{topic}}.
{{#extra1}}

Here is the background: {{extra1}}
{{/extra1}}

Please{{#extra2}} give me the result as {{extra2}},{{/extra2}} keep it concise, and explain your reasoning briefly where it is not obvious.`,
    ],
  },
  {
    slug: 'email-signature-generator',
    title: 'Email Signature Generator',
    description: 'Create a clean, professional email signature from your details.',
    category: ['Tools', 'Business'],
    isFree: true,
    fields: [
      keywordsField('Your name and job title', 'e.g. Sam Rivera, Product Designer', 200, { type: 'text' }),
      extraField('extra1', 'Company', 'e.g. Northwind Studio', 100),
      extraField('extra2', 'Phone and email', 'e.g. +44 20 1234 5678 · sam@northwind.example', 200),
      extraField('extra3', 'Website or social link', 'e.g. northwind.example', 200),
      extraArea('extra4', 'Tagline or notice', 'e.g. I work Monday to Thursday', 500),
    ],
    prompt: `Create three professional email signature options for: {{keywords}}{{#extra1}}
Company: {{extra1}}{{/extra1}}{{#extra2}}
Phone and email: {{extra2}}{{/extra2}}{{#extra3}}
Website or social link: {{extra3}}{{/extra3}}{{#extra4}}
Tagline or notice: {{extra4}}{{/extra4}}
Keep each signature to at most five lines, in plain text, with a clear visual hierarchy using separators such as | or ·.`,
    builtin: [
      `--{{#keywordList}}
{{item}}{{/keywordList}}{{#extra1}}
{{extra1}}{{/extra1}}{{#extra2}}
{{extra2}}{{/extra2}}{{#extra3}}
{{extra3}}{{/extra3}}
{{#extra4}}

{{extra4}}
{{/extra4}}`,
      `Best regards,

{{Topic}}{{#extra1}} | {{extra1}}{{/extra1}}
{{#extra2}}
{{extra2}}{{#extra3}} | {{extra3}}{{/extra3}}
{{/extra2}}
{{^extra2}}
{{#extra3}}
{{extra3}}
{{/extra3}}
{{/extra2}}
{{#extra4}}
{{extra4}}
{{/extra4}}`,
    ],
  },
  {
    slug: 'checklist-generator',
    title: 'Checklist Generator',
    description: 'Turn a task or process into a step-by-step checklist you can tick off.',
    category: ['Tools', 'Project Management'],
    isFree: true,
    fields: [
      keywordsField('Task or process', 'e.g. Preparing for a product launch: website, email, social, support', 2000),
      extraField('extra1', 'Context', 'e.g. a two-person startup', 300),
      lengthField(),
    ],
    prompt: `Create a practical checklist for: {{keywords}}{{#extra1}}
Context: {{extra1}}{{/extra1}}
Group the items into stages (before, during, after where it makes sense), write each item as a concrete action starting with a verb, and mark the items that are easy to forget.`,
    builtin: [
      `Checklist: {{Topic}}{{#extra1}} ({{extra1}}){{/extra1}}

Before you start
☐ Agree what "done" looks like
☐ Check you have the people, tools and time you need

The steps{{#keywordList}}
☐ {{item}}{{/keywordList}}

{{^isShort}}
Afterwards
☐ Check the result against what you agreed at the start
☐ Tell everyone involved that it is done

{{/isShort}}
{{#isLong}}
Often forgotten
☐ Write down what you would do differently next time
☐ Thank the people who helped
{{/isLong}}`,
      `{{Topic}}: step-by-step

{{#keywordList}}
[ ] Step {{index}}: {{item}}
{{/keywordList}}
[ ] Final check: review everything once more before you finish

{{^isShort}}
Tip: print this list or copy it into your task tool, and tick items off as you go.
{{/isShort}}`,
    ],
  },
  {
    slug: 'pros-and-cons',
    title: 'Pros and Cons',
    description: 'Weigh up a decision with a balanced list of pros, cons and questions to consider.',
    category: ['Tools', 'Other'],
    isFree: true,
    fields: [
      keywordsField('Decision or options', 'e.g. Moving to a four-day week vs keeping five days', 1000),
      extraField(
        'extra1',
        'Your situation and priorities',
        'e.g. small team, client deadlines, wellbeing matters',
        300,
      ),
    ],
    prompt: `List the pros and cons of: {{keywords}}{{#extra1}}
Situation and priorities: {{extra1}}{{/extra1}}
Give 4 to 6 specific pros and cons for each option, note which ones matter most given the situation, and end with questions that would help make the decision.`,
    builtin: [
      `Decision: {{Topic}}{{#extra1}}
Priorities: {{extra1}}{{/extra1}}

{{#keywordList}}
{{item}}
  + Benefit: [what it makes easier or possible]
  − Cost: [time, money or energy it takes]
  − Risk: [what could go wrong]

{{/keywordList}}
Questions to decide
1. Which option would you choose if you could not change your mind for a year?
2. What would you need to believe for the other option to be better?`,
      `| Option | Pros | Cons |
| --- | --- | --- |{{#keywordList}}
| {{item}} | [benefits] | [drawbacks] |{{/keywordList}}

Weigh each pro and con from 1 to 3 for how much it matters{{#extra1}} given {{extra1}}{{/extra1}}, then add up each column.`,
    ],
  },
  {
    slug: 'comparison-table',
    title: 'Comparison Table',
    description: 'Compare products, tools or options side by side on the criteria that matter.',
    category: ['Tools', 'Business'],
    isFree: false,
    fields: [
      keywordsField('Items to compare', 'e.g. Notion, Confluence, Google Docs', 1000),
      extraField('extra1', 'Criteria', 'e.g. price, ease of use, integrations, offline access', 300),
      extraField('extra2', 'Use case', 'e.g. internal documentation for a 30-person company', 300),
    ],
    prompt: `Create a comparison table for: {{keywords}}{{#extra1}}
Compare on these criteria: {{extra1}}{{/extra1}}{{#extra2}}
Use case: {{extra2}}{{/extra2}}
Present a table with one row per item and one column per criterion, use only facts you are confident about and mark uncertain ones with "check", then give a short recommendation for the use case.`,
    builtin: [
      `Comparison: {{Topic}}{{#extra2}} for {{extra2}}{{/extra2}}{{#extra1}}
Criteria: {{extra1}}{{/extra1}}

| Option | Cost | Ease of use | Strengths | Limitations |
| --- | --- | --- | --- | --- |{{#keywordList}}
| {{item}} | | | | |{{/keywordList}}

Fill in each cell from current pricing pages and your own trial, then mark the best option per column.`,
      `{{#keywordList}}
{{item}}
- Best for: [type of user or situation]
- Watch out for: [main limitation]
- Cost: [current price]

{{/keywordList}}
Verdict{{#extra2}} for {{extra2}}{{/extra2}}: [your pick and the one reason that decided it]`,
    ],
  },
  {
    slug: 'faq-generator',
    title: 'FAQ Generator',
    description: 'Write a frequently asked questions section for a product, service or topic.',
    category: ['Tools', 'Marketing'],
    isFree: false,
    fields: [
      keywordsField('Product, service or topic', 'e.g. Our monthly coffee subscription', 1000),
      extraField('extra1', 'Audience', 'e.g. first-time customers', 200),
      extraArea('extra2', 'Questions you already get', 'e.g. Can I pause? Do you ship abroad?', 1000),
      lengthField(),
    ],
    prompt: `Write an FAQ section for: {{keywords}}{{#extra1}}
Audience: {{extra1}}{{/extra1}}{{#extra2}}
Questions customers already ask: {{extra2}}{{/extra2}}
Write 6 to 10 questions in the customer's own words with clear, friendly answers of two to three sentences, ordered from the most to the least common. Use placeholders in square brackets for details you do not know.`,
    builtin: [
      `Frequently asked questions: {{Topic}}

What is it?
{{Topic}} is designed to make things simpler{{#extra1}} for {{extra1}}{{/extra1}}. It takes care of the details so you can focus on what matters to you.

How do I get started?
Sign up, choose the option that suits you, and you are ready to go. It only takes a few minutes.

{{^isShort}}
How much does it cost?
See our pricing page for current prices: [link].

Can I cancel or change my plan?
Yes, you can change or cancel at any time from your account.

{{/isShort}}
{{#extra2}}
Other questions we hear often
{{extra2}}

{{/extra2}}
Still have a question? Contact us and we will be happy to help.`,
      `FAQ

{{#keywordList}}
Q: What do I need to know about {{item}}?
A: [Short, friendly answer about {{item}}.]

{{/keywordList}}
{{#isLong}}
Q: Who is this for?
A: {{#extra1}}It is designed for {{extra1}}.{{/extra1}}{{^extra1}}Anyone who wants a simple, reliable solution.{{/extra1}}

{{/isLong}}
Q: How can I contact you?
A: Reach us at [email] or through the chat on our website.`,
    ],
  },
  {
    slug: 'native-speaker',
    title: 'Native Speaker',
    description: 'Rewrite your text the way a native speaker would write it: clear, concise and authentic.',
    category: ['Tools', 'Content'],
    isFree: true,
    fields: [keywordsField('Text', 'e.g. I has breakfast with the my friends these morning.', 5000)],
    prompt: `Rewrite the text below the way a fluent native speaker would naturally write it. Fix grammar and word choice, replace awkward or literal phrasing with natural, idiomatic expressions, make it clear and concise, and keep the meaning, the level of formality and every name and fact. Do not add new content, and return only the rewritten text.

Text:
{{keywords}}`,
    builtin: [
      `{{keywords}}

Making it sound native
- Articles: native speakers rarely stack them ("the my friends" becomes "my friends")
- Verb forms: match the verb to the subject and the time ("I has" becomes "I had" for this morning)
- Time words: "this morning", "last night", "these days" each have one fixed form
- Word order: put the most important information first, and keep descriptions close to what they describe
- Idioms: replace word-for-word translations with the phrase people actually use`,
      `Your text

{{keywords}}

Read it aloud and ask, sentence by sentence: would a friend say it this way in conversation? If not, try the shorter, plainer version, swap formal words for everyday ones (use instead of utilise, help instead of assist) and cut any word that does not add meaning.`,
    ],
  },
  {
    slug: 'translate-to-singlish',
    title: 'Translate to Singlish',
    description: 'Get your message across in Singlish, the colourful colloquial English of Singapore.',
    category: ['Tools', 'Other'],
    isFree: true,
    fields: [keywordsField('Text', 'e.g. I would like coffee with milk', 1000)],
    prompt: `Translate the text below into Singlish, the colloquial English spoken in Singapore. Keep the meaning, use natural Singlish grammar, vocabulary and particles (lah, leh, lor, meh, can or not) the way a Singaporean would actually say it, borrow common Hokkien, Malay or Tamil words only where they fit, and return only the Singlish version.

Text:
{{keywords}}`,
    builtin: [
      `Eh, {{keywords}} lah.

Singlish touches to try
- "lah" at the end adds emphasis or reassurance: "Can lah, no problem."
- "leh" softens a request or a complaint: "Help me leh."
- "lor" shows it cannot be helped: "Like that lor."
- "meh" shows doubt: "Really meh?"
- "can or not?" asks if something is possible: "Tomorrow can or not?"`,
      `Your text: {{keywords}}

Common swaps, Singlish style
- Coffee with milk → kopi (with condensed milk), kopi C (evaporated milk), kopi O (black)
- Tea → teh, no sugar → kosong, iced → peng
- Is it possible? → Can or not?
- Really? → Really meh? / Got meh?
- Take away → da bao
- Very → damn / super (e.g. "damn shiok", very satisfying)
- Let's go → Jom / Go lah`,
    ],
  },
  {
    slug: 'tone-changer',
    title: 'Tone Changer',
    description:
      'Rewrite a text so it sounds more formal, friendlier, more confident or softer, with the same meaning.',
    category: ['Tools', 'Content'],
    isFree: true,
    fields: [
      keywordsField('Text to rewrite', 'Paste the text you want to sound different', 5000),
      extraField('extra1', 'How it should sound', 'e.g. more formal, warmer, more confident, less blunt', 200),
    ],
    prompt: `Rewrite the text below so that it sounds {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}more polished, warm and professional{{/extra1}}. Keep every fact, request, date and name, keep roughly the same amount of text, change only the wording and style, and return only the rewritten text.

Text:
{{keywords}}`,
    builtin: [
      `Goal: make it sound {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}more polished, warm and professional{{/extra1}}

{{keywords}}

How to shift it
- More formal: full words instead of contractions, no slang, complete sentences
- Warmer: add a thank-you, use "we" and "you", and acknowledge the reader's situation
- More confident: cut "just", "I think" and "maybe", and state the point first
- Softer: turn commands into questions ("Could you...?") and explain the reason behind a request`,
      `{{keywords}}

---
Rewrite notes{{#extra1}} (target: {{extra1}}){{/extra1}}
1. Read the first and last sentence: they set the impression more than anything in between.
2. Swap any word that feels out of place for the register you want.
3. Check that every fact and request from the original is still there.`,
    ],
  },
  {
    slug: 'passive-to-active-voice',
    title: 'Passive to Active Voice',
    description: 'Rewrite passive sentences in the active voice so your writing is clearer and more direct.',
    category: ['Tools', 'Education'],
    isFree: true,
    fields: [keywordsField('Text', 'e.g. The report was written by the team and mistakes were made.', 5000)],
    prompt: `Rewrite the text below so that it uses the active voice wherever that makes it clearer: make the person or thing doing the action the subject of the sentence. Where the doer is not stated, choose the obvious one from the context or keep the passive if that is genuinely better. Keep the meaning and every fact, change nothing else, and return only the rewritten text.

Text:
{{keywords}}`,
    builtin: [
      `{{keywords}}

How to turn passive into active
1. Find the passive: a form of "to be" (is, was, were, has been) plus a past participle ("was written").
2. Ask who did it: "written by whom?" The answer becomes the subject.
3. Rebuild the sentence: "The report was written by the team" becomes "The team wrote the report".
4. If nobody is named ("mistakes were made"), decide who is responsible and say so: "We made mistakes".`,
      `Text to revise

{{keywords}}

Quick test: if you can add "by zombies" after the verb and the sentence still makes sense ("the decision was made by zombies"), it is passive. Rewrite it so the real actor comes first, and keep the passive only where the actor truly does not matter.`,
    ],
  },
  {
    slug: 'bullet-points-to-paragraph',
    title: 'Bullet Points to Paragraph',
    description: 'Turn bullet points or rough notes into a smooth, well-connected paragraph.',
    category: ['Tools', 'Content'],
    isFree: true,
    fields: [
      keywordsField(
        'Bullet points or notes',
        'e.g. Q3 revenue up 12%; two new hires in sales; launch moved to October',
        5000,
      ),
      extraField('extra1', 'Who it is for', 'e.g. a monthly update for the board', 200),
      toneField(),
    ],
    prompt: `Turn the bullet points or notes below into well-written prose: one paragraph, or a few if the points clearly fall into separate topics.{{#extra1}}
It is for: {{extra1}}{{/extra1}}
Keep every fact, group related points, connect them with natural transitions, put the most important point first, and add nothing that is not in the notes. Return only the text.

Notes:
{{keywords}}`,
    builtin: [
      `{{#extra1}}For {{extra1}}{{/extra1}}{{^extra1}}Summary{{/extra1}}

This update covers {{#keywordList}}{{item}}, {{/keywordList}}and what these points mean for the weeks ahead. Taken together, they give a clear picture of where things stand and where attention is needed next.`,
      `In brief: {{#keywordList}}{{item}}; {{/keywordList}}these are the points that matter most{{#extra1}} for {{extra1}}{{/extra1}}. Each one deserves a short follow-up, and the first is the place to start.`,
    ],
  },
  {
    slug: 'text-shortener',
    title: 'Text Shortener',
    description: 'Cut a text down to its essentials while keeping every key point and the original voice.',
    category: ['Tools', 'Content'],
    isFree: true,
    fields: [
      keywordsField('Text to shorten', 'Paste the text you want to make shorter', 5000),
      extraField('extra1', 'Target size', 'e.g. under 100 words, or half the current size', 100),
    ],
    prompt: `Shorten the text below{{#extra1}} to {{extra1}}{{/extra1}}{{^extra1}} to roughly half its current size{{/extra1}}. Keep every key point, fact and request and the author's voice; remove repetition, filler words and unnecessary qualifiers; prefer short words and active sentences. Return only the shortened text.

Text:
{{keywords}}`,
    builtin: [
      `Key message: {{Topic}}

{{keywords}}

Where to cut{{#extra1}} (target: {{extra1}}){{/extra1}}
- Delete openers that warm up before the point ("I just wanted to reach out to say...")
- Remove words that add nothing: very, really, actually, in order to, basically
- Merge sentences that repeat the same idea
- Replace phrases with single words: "at this point in time" becomes "now"`,
      `{{keywords}}

---
Cutting plan{{#extra1}} for {{extra1}}{{/extra1}}
1. Underline the one sentence that must survive, and build the short version around it.
2. Keep one example, not three.
3. End as soon as the reader knows what to do next.`,
    ],
  },
  {
    slug: 'text-to-tweet',
    title: 'Text to Tweet',
    description: 'Summarise an article, announcement or any text into a post that fits on X (Twitter).',
    category: ['Tools', 'Social Media'],
    isFree: true,
    fields: [
      keywordsField('Text to summarise', 'Paste an article, announcement or notes', 5000),
      extraField('extra1', 'Link or hashtags to add', 'e.g. #remotework northwind.example/blog', 200),
      toneField('e.g. witty, informative, punchy'),
    ],
    prompt: `Summarise the text below as a post for X (Twitter) of at most 280 characters, counting any link or hashtags, and give 3 alternative versions.{{#extra1}}
Include: {{extra1}}{{/extra1}}
Lead with the most interesting or useful point, make each post understandable on its own, and avoid more than two hashtags.

Text:
{{keywords}}`,
    builtin: [
      `{{Topic}}{{#extra1}} {{extra1}}{{/extra1}}`,
      `Worth knowing 👇
{{Topic}}{{#extra1}}
{{extra1}}{{/extra1}}`,
      `The short version: {{topic}}{{#extra1}} {{extra1}}{{/extra1}}`,
    ],
  },
];
