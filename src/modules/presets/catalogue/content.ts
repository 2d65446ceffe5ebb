import type { PresetDefinition } from '../preset-types.js';
import { extraArea, extraField, keywordsField, lengthField, radioField, toneField } from './fields.js';

export const contentPresets: PresetDefinition[] = [
  {
    slug: 'paragraph-writer',
    title: 'Paragraph Writer',
    description: 'Write a single clear, well-structured paragraph on any topic.',
    category: ['Content'],
    isFree: true,
    fields: [
      keywordsField('Topic or main idea', 'e.g. Why remote teams need written rituals', 1000),
      extraField('extra1', 'Points to include', 'e.g. async updates, fewer meetings', 500),
      toneField(),
      lengthField(),
    ],
    prompt: `Write one well-structured paragraph about: {{keywords}}{{#extra1}}
Make sure it includes: {{extra1}}{{/extra1}}
Open with a clear topic sentence, support it with specific details or an example, and close with a sentence that wraps up the idea.`,
    builtin: [
      `When it comes to {{topic}}, the details matter more than most people expect.{{#extra1}} Any honest look at it has to include {{extra1}}.{{/extra1}} {{^isShort}}Each part brings its own questions and trade-offs, and understanding how they connect is what turns good intentions into real results. {{/isShort}}{{#isLong}}The most useful approach is usually a practical one: start with what already works, be clear about what does not, and make small, deliberate changes rather than sweeping ones. {{/isLong}}In the end, getting {{topic}} right is less about following rules and more about making thoughtful choices that hold up over time.`,
      `{{Topic}}: it sounds simple, yet it is easy to get wrong. {{^isShort}}The first step is to be clear about what we actually want from it and why it matters to the people involved.{{#extra1}} That means paying attention to {{extra1}}.{{/extra1}} {{/isShort}}{{#isLong}}From there, progress comes from small experiments, honest feedback and the patience to keep what works while letting go of what does not. {{/isLong}}Handled with care, it becomes a real strength rather than a recurring problem.`,
    ],
  },
  {
    slug: 'blog-post',
    title: 'Blog Post',
    description: 'Write a complete, readable blog post with a title, introduction, sections and conclusion.',
    category: ['Content', 'Marketing'],
    isFree: true,
    fields: [
      keywordsField('Blog topic', 'e.g. How small teams can make remote work sustainable', 1000),
      extraField('extra1', 'Target audience', 'e.g. founders of small agencies', 200),
      extraArea('extra2', 'Key points to cover', 'e.g. async communication, clear ownership, regular in-person time', 1000),
      toneField(),
      lengthField(),
    ],
    prompt: `Write a blog post about: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}{{#extra2}}
Key points to cover: {{extra2}}{{/extra2}}
Give it a compelling title, an introduction that explains why the topic matters to the reader, clearly headed sections with practical detail and examples, and a conclusion with a clear takeaway.`,
    builtin: [
      `# {{Topic}}: A Practical Guide

When it comes to {{topic}}, most of us know the basics but struggle to put them into practice{{#extra1}}, and that is especially true for {{extra1}}{{/extra1}}. This post breaks it down into clear, manageable parts.

{{#keywordList}}
## {{index}}. {{item}}

{{^isShort}}Start by looking at how {{item}} shows up in your day today. What is working, and what feels harder than it should? {{/isShort}}Small, specific changes here tend to pay off faster than big overhauls.

{{/keywordList}}
{{#extra2}}
## Worth keeping in mind

{{extra2}}

{{/extra2}}
{{#isLong}}
## Common mistakes to avoid

- Trying to change everything at once
- Copying what works for others without adapting it
- Never checking whether a change actually helped

{{/isLong}}
## Conclusion

Getting {{topic}} right is not something you do once. Pick one idea from this post, try it this week, and build from there.`,
      `# What Everyone Should Know About {{Topic}}

{{#extra1}}
*Written for {{extra1}}.*

{{/extra1}}
Ask ten people about {{topic}} and you will get ten different answers. Here is a clear, practical take.

## The short version

{{#keywordList}}
- **{{item}}**: worth understanding, and easier to improve than it looks.
{{/keywordList}}

{{^isShort}}
## Going deeper

Each of these points connects to the others. Progress on one usually makes the next easier, which is why it pays to start with the one that matters most to you right now.{{#extra2}} In particular: {{extra2}}{{/extra2}}

{{/isShort}}
{{#isLong}}
## Putting it into practice

1. Write down where you stand today.
2. Choose one area to improve over the next two weeks.
3. Review the results honestly and adjust.

{{/isLong}}
## Final thoughts

There is no perfect formula, but with steady attention, {{topic}} becomes a strength rather than a worry.`,
    ],
  },
  {
    slug: 'full-blog-post',
    title: 'Full Blog Post',
    description: 'Write an in-depth, SEO-friendly article with a table of contents, detailed sections, FAQ and call to action.',
    category: ['Content', 'Marketing'],
    isFree: false,
    fields: [
      keywordsField('Blog topic', 'e.g. The complete guide to running a remote-first company', 1000),
      extraField('extra1', 'Target audience', 'e.g. operations managers at growing startups', 200),
      extraArea('extra2', 'Outline or key points', 'e.g. hiring, onboarding, documentation, culture, tools', 1000),
      extraField('extra3', 'SEO keywords', 'e.g. remote-first company, async work', 300),
      extraArea('extra4', 'Call to action', 'e.g. Download our free remote onboarding checklist', 500),
      toneField(),
      lengthField('Long'),
    ],
    prompt: `Write an in-depth, well-researched blog article about: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}{{#extra2}}
Follow this outline or cover these points: {{extra2}}{{/extra2}}{{#extra3}}
Use these SEO keywords naturally, including once in a heading: {{extra3}}{{/extra3}}{{#extra4}}
End with this call to action: {{extra4}}{{/extra4}}
Include an SEO-friendly title, a meta description of at most 155 characters, an engaging introduction, H2 and H3 headings, concrete examples and actionable tips, a short FAQ section with 3 questions, and a conclusion.`,
    builtin: [
      `# {{Topic}}: The Complete Guide

**Meta description:** Everything you need to know about {{topic}}, with practical steps, examples and answers to common questions.

## Introduction

{{Topic}} comes up in almost every conversation about how we work today{{#extra1}}, and for {{extra1}} it is more than a passing trend{{/extra1}}. In this guide we cover what it is, why it matters, and how to make it work in practice.

## Table of contents

{{#keywordList}}
{{index}}. {{item}}
{{/keywordList}}

{{#keywordList}}
## {{index}}. {{item}}

### Why {{item}} matters
It has a direct effect on results, morale and how smoothly day-to-day work runs. Ignoring it rarely causes a crisis overnight, but the costs add up.

{{^isShort}}
### How to get started
Begin with a quick audit: where are you today, and what would "good" look like in three months? Choose one measurable change and assign a clear owner.

{{/isShort}}
{{/keywordList}}
{{#extra2}}
## Also worth covering

{{extra2}}

{{/extra2}}
{{#isLong}}
## Frequently asked questions

**What is the first step with {{topic}}?**
Start small: pick one area, agree on what success looks like, and review it after a few weeks.

**How long does it take to see results?**
Most teams notice a difference within a month when changes are specific and consistently applied.

**What is the most common mistake?**
Trying to fix everything at once instead of improving one thing at a time.

{{/isLong}}
## Conclusion

{{Topic}} rewards steady, deliberate effort. Use this guide as a checklist, revisit it regularly, and adapt it to your own situation.{{#extra3}}

*Related topics: {{extra3}}*{{/extra3}}
{{#extra4}}

**Next step:** {{extra4}}
{{/extra4}}`,
      `# {{Topic}}: What Works, What Doesn't, and Where to Start

Few subjects generate as much advice, and as much confusion, as {{topic}}. This article cuts through the noise{{#extra1}} for {{extra1}}{{/extra1}} with a structured, practical approach.

## The big picture

Before getting into the details, it helps to see how the pieces fit together:{{#keywordList}}
- **{{item}}**{{/keywordList}}

Each of these deserves its own section.

{{#keywordList}}
## {{item}}

Think of {{item}} as a system rather than a single decision. Look at what is happening now, decide what you want to change, and put a simple routine in place to keep it going.

{{#isLong}}
**Quick win:** choose one small, visible improvement related to {{item}} and make it this week.

{{/isLong}}
{{/keywordList}}
{{#extra2}}
## Key points to remember

{{extra2}}

{{/extra2}}
## Wrapping up

There is no single right way to approach {{topic}}, but there is a reliable process: observe, change one thing, measure, repeat.
{{#extra4}}

{{extra4}}
{{/extra4}}`,
    ],
  },
  {
    slug: 'content-rewriter',
    title: 'Content Rewriter',
    description: 'Rewrite existing text so it reads fresh and clear while keeping its meaning.',
    category: ['Content', 'Tools'],
    isFree: true,
    fields: [
      keywordsField('Text to rewrite', 'Paste the text you want rewritten', 5000),
      extraField('extra1', 'What should change?', 'e.g. simpler words, more persuasive, for a younger audience', 300),
      toneField(),
    ],
    prompt: `Rewrite the following text so it reads fresh, clear and natural while keeping its meaning and every fact.{{#extra1}}
Specific instructions for the rewrite: {{extra1}}{{/extra1}}
Vary the sentence structure, replace clichés and filler, and keep names, numbers and quotes exactly as they are. Return only the rewritten text.

Text to rewrite:
{{keywords}}`,
    builtin: [
      `Working draft{{#extra1}} (goal: {{extra1}}){{/extra1}}

{{keywords}}

Revision checklist
- Cut sentences longer than 25 words in two
- Swap jargon and filler for everyday words
- Lead each paragraph with its main point
{{#tone}}
- Read it aloud and check that it sounds {{tone}}
{{/tone}}`,
      `{{keywords}}

---
Suggested next edits{{#extra1}}, with the aim of {{extra1}}{{/extra1}}
1. Replace the opening sentence with the single most interesting fact in the text.
2. Remove any word that does not change the meaning.
3. End with a sentence that tells the reader what to do or remember.`,
    ],
  },
  {
    slug: 'content-summarizer',
    title: 'Content Summarizer',
    description: 'Condense a long text into a short summary of its main points.',
    category: ['Content', 'Tools', 'Education'],
    isFree: true,
    fields: [
      keywordsField('Text to summarize', 'Paste the article, report or notes to summarize', 5000),
      extraField('extra1', 'Focus on', 'e.g. decisions and next steps', 200),
      lengthField('Short'),
    ],
    prompt: `Summarize the following text. Capture the main argument and the most important supporting points, and leave out examples, repetition and filler.{{#extra1}}
Focus especially on: {{extra1}}{{/extra1}}
Do not add information that is not in the text.

Text to summarize:
{{keywords}}`,
    builtin: [
      `Summary{{#extra1}} (focus: {{extra1}}){{/extra1}}

{{Topic}}
{{^isShort}}

Points to keep{{#keywordList}}
- {{item}}{{/keywordList}}
{{/isShort}}`,
      `In brief: {{topic}}
{{^isShort}}

The text covers{{#keywordList}}
{{index}}. {{item}}{{/keywordList}}
{{/isShort}}
{{#isLong}}

Before sharing this summary, check it against the original for any decision, number or deadline that should be stated explicitly.
{{/isLong}}`,
    ],
  },
  {
    slug: 'blog-post-outline',
    title: 'Blog Post Outline',
    description: 'Plan a blog post with a working title, headings and the points to make under each.',
    category: ['Content'],
    isFree: true,
    fields: [
      keywordsField('Blog topic', 'e.g. Building a healthy team culture without an office', 1000),
      extraField('extra1', 'Target audience', 'e.g. HR managers', 200),
      lengthField(),
    ],
    prompt: `Create a detailed outline for a blog post about: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}
Include a working title, a one-sentence hook for the introduction, H2 headings with 2 to 3 bullet points each describing what to say, and a conclusion with a call to action.`,
    builtin: [
      `Working title: {{Topic}}, Explained

Introduction
- Hook: a common frustration{{#extra1}} for {{extra1}}{{/extra1}} related to {{topic}}
- Why this matters now
- What the reader will get from this post

{{#keywordList}}
Section {{index}}: {{item}}
- What it is and why it matters
{{^isShort}}
- A real example or short story
- One practical tip the reader can apply today
{{/isShort}}

{{/keywordList}}
Conclusion
- Recap of the main points
- Call to action: what should the reader do next?`,
      `1. Title ideas
   - {{Topic}}: A Beginner's Guide
   - The Truth About {{Topic}}{{#isLong}}
   - {{Topic}}: Mistakes to Avoid and What to Do Instead{{/isLong}}
2. Opening: set the scene{{#extra1}} for {{extra1}}{{/extra1}} and state the promise of the post
3. Main body{{#keywordList}}
   - {{item}}: explain, give an example, add a tip{{/keywordList}}
4. Closing: summarise, then invite comments or point to a related resource`,
    ],
  },
  {
    slug: 'blog-post-intro',
    title: 'Blog Post Introduction',
    description: 'Write an engaging opening paragraph that hooks readers and sets up the rest of the post.',
    category: ['Content'],
    isFree: true,
    fields: [
      keywordsField('Blog title or topic', 'e.g. Why four-day weeks work for creative teams', 1000),
      extraField('extra1', 'Target audience', 'e.g. agency owners', 200),
      extraField('extra2', 'Hook idea', 'e.g. a surprising statistic or a short anecdote', 300),
      toneField(),
    ],
    prompt: `Write an engaging introduction for a blog post about: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}{{#extra2}}
Open with this hook: {{extra2}}{{/extra2}}
Grab attention in the first sentence, show the reader you understand their problem, and end by telling them what the post will give them.`,
    builtin: [
      `Let's be honest: {{topic}} is one of those subjects everyone has an opinion about, and few people feel they have figured out.{{#extra2}} Consider this: {{extra2}}.{{/extra2}} {{#extra1}}If you are among {{extra1}}, you have probably felt that gap yourself. {{/extra1}}In this post we look at what actually works, why it works, and how you can start applying it this week.`,
      `{{#extra2}}{{extra2}}

{{/extra2}}Picture the end of a long week. You have worked hard, yet the things that matter most still feel out of reach. For many of us, {{topic}} sits right at the centre of that feeling.

The good news? It does not take a big overhaul to change it. Below, we walk through the ideas that make the biggest difference{{#extra1}} for {{extra1}}{{/extra1}}, one practical step at a time.`,
    ],
  },
  {
    slug: 'headline-generator',
    title: 'Headline Generator',
    description: 'Generate catchy, clickable headlines for articles, newsletters and landing pages.',
    category: ['Content', 'Marketing'],
    isFree: true,
    fields: [
      keywordsField('Topic', 'e.g. saving time with better meeting habits', 1000),
      extraField('extra1', 'Target audience', 'e.g. busy managers', 200),
      radioField('extra2', 'Content type', ['Blog post', 'Newsletter', 'Landing page', 'News article'], 'Blog post'),
    ],
    prompt: `Write 10 headline options about: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}{{#extra2}}
Content type: {{extra2}}{{/extra2}}
Mix formats (how-to, numbered list, question, bold statement, curiosity gap), keep each under 70 characters, and avoid clickbait that the content cannot deliver.`,
    builtin: [
      `Headline ideas for your {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}article{{/extra2}}

1. {{Topic}}: What Nobody Tells You
2. How to Get {{Topic}} Right, Step by Step
3. 7 Simple Ways to Improve {{Topic}}
4. Is {{Topic}} Really Worth It? Here's the Honest Answer
5. {{Topic}} for {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}Beginners{{/extra1}}: A No-Nonsense Guide`,
      `{{#keywordList}}
- The Beginner's Guide to {{item}}
- Why {{item}} Matters More Than You Think
{{/keywordList}}
- Everything We Learned About {{Topic}}
- Stop Guessing: A Clear Plan for {{Topic}}`,
    ],
  },
  {
    slug: 'listicle-writer',
    title: 'Listicle Writer',
    description: 'Write a numbered list article with a short explanation for every item.',
    category: ['Content', 'Marketing'],
    isFree: false,
    fields: [
      keywordsField('Topic and items', 'e.g. Tools for remote teams: shared docs, async video, team calendar', 1000),
      radioField('extra1', 'Number of items', ['5', '7', '10'], '7'),
      extraField('extra2', 'Target audience', 'e.g. small business owners', 200),
      toneField(),
      lengthField(),
    ],
    prompt: `Write a listicle article about: {{keywords}}{{#extra1}}
Number of items: {{extra1}}{{/extra1}}{{#extra2}}
Target audience: {{extra2}}{{/extra2}}
Write a catchy numbered title, a short introduction, then each item as a numbered subheading followed by an explanation and a practical tip, and a brief conclusion. Use any items listed above first.`,
    builtin: [
      `# {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}7{{/extra1}} Things to Know About {{Topic}}

Whether you are just starting out or looking for fresh ideas, this list is for {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}you{{/extra2}}. Here are the points that make the biggest difference.

{{#keywordList}}
## {{index}}. {{item}}
Why it is on the list: it is simple to start, and the benefits show up quickly.{{#isLong}}
Tip: try it for one week and note what changes.{{/isLong}}

{{/keywordList}}
## The bottom line

You don't need to do everything at once. Pick the item that stood out most and start there.`,
      `# The Ultimate {{Topic}} List

Short on time? Here is the quick version.

{{#keywordList}}
**#{{index}}: {{item}}**
A small change with an outsized effect.{{^isShort}} Start with the easiest version of it and build up.{{/isShort}}

{{/keywordList}}
Which one will you try first? Bookmark this list and come back when you are ready for the next one.`,
    ],
  },
  {
    slug: 'podcast-show-notes-generator',
    title: 'Podcast Show Notes Generator',
    description: 'Turn an episode topic or transcript into show notes with a summary, key takeaways and links.',
    category: ['Content', 'Marketing'],
    isFree: false,
    fields: [
      keywordsField('Episode topic or transcript', 'Paste the transcript or describe what the episode covers', 5000),
      extraField('extra1', 'Episode title', 'e.g. Ep. 42: Building culture across time zones', 200),
      extraField('extra2', 'Guest name and role', 'e.g. Priya Patel, Head of People at Acme', 200),
      extraArea('extra3', 'Links and resources', 'e.g. https://example.com/guide, the book Remote by Fried', 1000),
      extraArea('extra4', 'Sponsor or extra notes', 'e.g. This episode is sponsored by Acme Calendars', 500),
      toneField(),
    ],
    prompt: `Write podcast show notes for an episode based on: {{keywords}}{{#extra1}}
Episode title: {{extra1}}{{/extra1}}{{#extra2}}
Guest: {{extra2}}{{/extra2}}{{#extra3}}
Links and resources to list: {{extra3}}{{/extra3}}{{#extra4}}
Also mention: {{extra4}}{{/extra4}}
Include a two to three sentence episode summary, 4 to 6 key takeaways as bullet points, a timestamp outline with placeholder times, a resources section and a closing line asking listeners to subscribe and review.`,
    builtin: [
      `{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}{{Topic}}{{/extra1}}

In this episode{{#extra2}}, we sit down with {{extra2}} to talk{{/extra2}}{{^extra2}} we talk{{/extra2}} about {{topic}}: what works, what doesn't, and what we would do differently next time.

Key takeaways{{#keywordList}}
- {{item}}{{/keywordList}}

Episode outline
00:00 Welcome and introductions{{#keywordList}}
{{index}}0:00 {{item}}{{/keywordList}}

{{#extra3}}
Resources mentioned
{{extra3}}

{{/extra3}}
{{#extra4}}
{{extra4}}

{{/extra4}}
Enjoyed the episode? Subscribe, leave a review, and share it with a friend who would find it useful.`,
      `Episode summary{{#extra1}}: {{extra1}}{{/extra1}}
{{#extra2}}Our guest {{extra2}} joins us for {{/extra2}}{{^extra2}}This episode is {{/extra2}}a practical conversation about {{topic}}.

What you will learn{{#keywordList}}
✔ {{item}}{{/keywordList}}

{{#extra3}}
Links
{{extra3}}

{{/extra3}}
{{#extra4}}
Note: {{extra4}}

{{/extra4}}
Thanks for listening! New episodes every week, so subscribe wherever you get your podcasts.`,
    ],
  },
  {
    slug: 'story-writer',
    title: 'Short Story Writer',
    description: 'Write a short story from an idea, with a clear beginning, turning point and ending.',
    category: ['Content', 'Other'],
    isFree: false,
    fields: [
      keywordsField('Story idea', 'e.g. A lighthouse keeper finds a letter addressed to her future self', 1000),
      extraField('extra1', 'Main character', 'e.g. Mara, a retired sailor', 200),
      extraField('extra2', 'Setting', 'e.g. a windswept island in the 1950s', 200),
      radioField('extra3', 'Genre', ['Literary', 'Adventure', 'Mystery', 'Fantasy', 'Sci-fi', 'Children'], 'Literary'),
      toneField('e.g. hopeful, eerie, humorous'),
      lengthField(),
    ],
    prompt: `Write a short story based on this idea: {{keywords}}{{#extra1}}
Main character: {{extra1}}{{/extra1}}{{#extra2}}
Setting: {{extra2}}{{/extra2}}{{#extra3}}
Genre: {{extra3}}{{/extra3}}
Give it a title, a beginning that quickly establishes the character and what they want, a turning point, and a satisfying ending. Show rather than tell, and use dialogue where it helps.`,
    builtin: [
      `{{Topic}}

{{#extra2}}It happened in {{extra2}}.{{/extra2}}{{^extra2}}It started on an ordinary day.{{/extra2}} {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}She{{/extra1}} had no reason to expect anything unusual, and that was exactly why it mattered so much when it came.

{{^isShort}}
At first it seemed small: a detail out of place, a question no one could answer. But the longer it went unanswered, the harder it became to ignore.

{{/isShort}}
{{#isLong}}
There were days of doubt, conversations that went nowhere, and one long night when giving up felt like the sensible choice. Yet every time, something pulled {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}her{{/extra1}} back.

{{/isLong}}
In the end, the answer had been there all along. It simply needed someone patient enough to look for it, and brave enough to accept what it meant.`,
      `Title: {{Topic}}{{#extra3}} ({{extra3}}){{/extra3}}

"You're sure about this?" someone asked.

{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}He{{/extra1}} nodded, though sure was not quite the word.{{#extra2}} Around them, {{extra2}} was waking up.{{/extra2}}

{{^isShort}}
What followed was a string of small decisions, each one harmless alone, together impossible to undo.

{{/isShort}}
{{#isLong}}
Later, people would tell the story differently. They would leave out the fear and the wrong turns and remember only the ending. But the middle was where everything happened.

{{/isLong}}
And when it was over, nothing looked different from the outside. Everything had changed on the inside.`,
    ],
  },
];
