import type { PresetDefinition } from '../../../shared/presets/preset-types.js';
import { extraArea, extraField, hostedToneField, keywordsField, lengthField, radioField, toneField } from './fields.js';

/** The hosted presets' tone: a free-text field of up to 1000 characters, labelled as they label it. */
export const contentPresets: PresetDefinition[] = [
  {
    slug: 'paragraph-writer',
    title: 'Paragraph Writer',
    description: 'Write a single clear, well-structured paragraph on any topic.',
    category: ['Content', 'Tools', 'Social Media', 'Marketing', 'Business'],
    isFree: true,
    fields: [
      keywordsField('What the paragraph is about', 'e.g. how to optimize your website for search engines', 2500),
      extraField('extra1', 'Keywords to include', 'e.g. meta tags, link building, sitemap.xml', 1000),
      hostedToneField('e.g. friendly, funny, cheerful', 250),
      lengthField(),
    ],
    prompt: `Write one well-structured paragraph about: {{keywords}}{{#extra1}}
Work these keywords in naturally: {{extra1}}{{/extra1}}
Open with a clear topic sentence, support it with specific details or an example, and close with a sentence that wraps up the idea.`,
    builtin: [
      `When it comes to {{topic}}, the details matter more than most people expect.{{#extra1}} Any honest look at it has to touch on {{extra1}}.{{/extra1}} {{^isShort}}Each part brings its own questions and trade-offs, and understanding how they connect is what turns good intentions into real results. {{/isShort}}{{#isLong}}The most useful approach is usually a practical one: start with what already works, be clear about what does not, and make small, deliberate changes rather than sweeping ones. {{/isLong}}In the end, getting {{topic}} right is less about following rules and more about making thoughtful choices that hold up over time.`,
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
      keywordsField('Describe your blog topic', 'e.g. How small teams can make remote work sustainable', 1000),
      extraField('extra1', 'Target audience', 'e.g. founders of small agencies', 200),
      extraArea(
        'extra2',
        'Key points to cover',
        'e.g. async communication, clear ownership, regular in-person time',
        1000,
      ),
      hostedToneField(),
      lengthField(),
    ],
    prompt: `Write a blog post about: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}{{#extra2}}
Key points to cover: {{extra2}}{{/extra2}}
Give it a compelling title, an introduction that explains why the topic matters to the reader, clearly headed sections with practical detail and examples, and a conclusion with a clear takeaway.`,
    builtin: [
      `# {{Topic}}

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
    description:
      'Write an in-depth, SEO-friendly article from a title, an intro and an outline, with detailed sections and FAQ.',
    category: ['Content', 'Marketing'],
    isFree: false,
    fields: [
      extraField('extra2', 'Blog post title/topic', 'e.g. How To Become A Software Engineer', 1000),
      extraArea(
        'extra1',
        'Blog post intro',
        'e.g. The skills required to become a software engineer. The education required to become one.',
        1000,
      ),
      keywordsField(
        'Blog post outline',
        'e.g. Core skills, Degree or bootcamp, Building a portfolio, Landing the first job',
        1000,
        {
          required: false,
        },
      ),
      extraField('extra3', 'SEO keywords', 'e.g. software engineer career, learn to code', 300),
      extraArea('extra4', 'Call to action', 'e.g. Download our free 12-month learning plan', 500),
      hostedToneField(),
      lengthField('Long'),
    ],
    prompt: `Write an in-depth, well-structured blog article.{{#extra2}}
Title or topic: {{extra2}}{{/extra2}}{{#extra1}}
Base the introduction on this: {{extra1}}{{/extra1}}{{#keywords}}
Follow this outline, one section per point, in this order:
{{keywords}}{{/keywords}}{{^keywords}}
Plan your own logical outline of 4 to 6 sections that covers the topic fully.{{/keywords}}{{#extra3}}
Use these SEO keywords naturally, including once in a heading: {{extra3}}{{/extra3}}{{#extra4}}
End with this call to action: {{extra4}}{{/extra4}}
Include an SEO-friendly title (keep the given title if there is one), a meta description of at most 155 characters, an engaging introduction, H2 and H3 headings, concrete examples and actionable tips, a short FAQ section with 3 questions, and a conclusion.`,
    builtin: [
      `{{#extra2}}
# {{extra2}}
{{/extra2}}
{{^extra2}}
{{#keywords}}
# {{Topic}}: The Complete Guide
{{/keywords}}
{{/extra2}}

**Meta description:** A practical guide{{#extra2}} to “{{extra2}}”{{/extra2}}{{#extra3}} covering {{extra3}}{{/extra3}}, with clear steps, real examples and answers to common questions.

## Introduction

{{#extra1}}
{{extra1}}

{{/extra1}}
Most advice on this subject is either too vague to act on or too detailed to follow. This guide takes a middle path: clear explanations, concrete examples and steps you can start on today.

{{#keywords}}
## What this guide covers

{{#keywordList}}
{{index}}. {{item}}
{{/keywordList}}

{{#keywordList}}
## {{index}}. {{item}}

This part deals with {{item}}: what it involves, why it matters, and where people usually get stuck. A short example from real practice makes the point stick better than any definition.

{{^isShort}}
**How to apply it:** set one concrete goal for this step, decide how you will measure it, and review your progress after two weeks.

{{/isShort}}
{{/keywordList}}
{{/keywords}}
{{^keywords}}
## Why it matters

Getting this right saves time, avoids expensive detours and builds confidence. Getting it wrong rarely causes a crisis overnight, but the costs add up quietly.

## Where to start

Begin with an honest look at where you are today and what "good" would look like in three months. Write both down; the gap between them is your plan.

{{^isShort}}
## Building momentum

Choose one measurable change, give it a fixed slot in your week, and check the results after a month. Progress you can see is progress you keep.

## Mistakes to avoid

- Trying to change everything at once
- Copying someone else's path without adapting it
- Never checking whether a change actually helped

{{/isShort}}
{{/keywords}}
{{#isLong}}
## Frequently asked questions

**What is the very first step?**
Pick one area, agree on what success looks like, and review it after a few weeks.

**How long does it take to see results?**
Most people notice a difference within a month when the changes are specific and applied consistently.

**What is the most common mistake?**
Trying to fix everything at once instead of improving one thing at a time.

{{/isLong}}
## Conclusion

Whatever your starting point, progress here rewards steady, deliberate effort more than bursts of enthusiasm. Use this guide as a checklist, revisit it regularly, and adapt it to your own situation.
{{#extra4}}

**Next step:** {{extra4}}
{{/extra4}}`,
      `{{#extra2}}
# {{extra2}}
{{/extra2}}
{{^extra2}}
{{#keywords}}
# {{Topic}}
{{/keywords}}
{{/extra2}}
{{#extra3}}

*Focus keywords: {{extra3}}*
{{/extra3}}

{{#extra1}}
{{extra1}}

{{/extra1}}
Few subjects generate as much advice, and as much confusion, as {{#extra2}}“{{extra2}}”{{/extra2}}{{^extra2}}this one{{/extra2}}. This article cuts through the noise with a structured, practical approach.

{{#keywords}}
## The big picture

Before getting into the details, it helps to see how the pieces fit together:{{#keywordList}}
- **{{item}}**{{/keywordList}}

{{#keywordList}}
## {{item}}

Think of {{item}} as a system rather than a single decision. Look at what is happening now, decide what you want to change, and put a simple routine in place to keep it going.

{{#isLong}}
**Quick win:** choose one small, visible improvement here and make it this week.

{{/isLong}}
{{/keywordList}}
{{/keywords}}
{{^keywords}}
## The big picture

Every good result here rests on three things: knowing where you stand, having a clear next step, and a routine that keeps you moving.

## Step by step

1. Take stock of your current situation and write it down.
2. Choose the one change that would make the biggest difference.
3. Give it a deadline and a way to measure progress.
{{^isShort}}
4. Review after a month, keep what works and drop what does not.
{{/isShort}}

{{#isLong}}
## Quick wins

- Block one hour this week for the first step
- Find one person who has done this and ask them a single question
- Keep a simple log of what you try and what happens

{{/isLong}}
{{/keywords}}
## Wrapping up

There is no single right way to approach this, but there is a reliable process: observe, change one thing, measure, repeat.
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
      keywordsField('Content', 'Paste the text you want rewritten', 5000),
      extraField('extra1', 'What should change?', 'e.g. simpler words, more persuasive, for a younger audience', 300),
      hostedToneField('e.g. friendly, funny, cheerful'),
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
      keywordsField('Content', 'Paste the article, report or notes to summarize', 5000),
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
      keywordsField('Blog post title/topic', 'e.g. How To Become A Software Engineer', 1000),
      extraField('extra1', 'Target audience', 'e.g. career changers', 200),
      hostedToneField(),
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
    title: 'Blog Post Intro',
    description: 'Write an engaging opening paragraph that hooks readers and sets up the rest of the post.',
    category: ['Content'],
    isFree: true,
    fields: [
      keywordsField('Blog post title/topic', 'e.g. How To Become A Software Engineer', 1000),
      extraArea('extra1', 'What is the blog about?', 'e.g. The skills required to become a software engineer.', 1000),
      extraField('extra2', 'Opening hook', 'e.g. Nearly half of all developers taught themselves to code.', 300),
      extraField('extra3', 'Target audience', 'e.g. career changers in their thirties', 200),
      hostedToneField(),
    ],
    prompt: `Write an engaging introduction for a blog post titled or about: {{keywords}}{{#extra1}}
What the post covers: {{extra1}}{{/extra1}}{{#extra3}}
Target audience: {{extra3}}{{/extra3}}{{#extra2}}
Open with this hook: {{extra2}}{{/extra2}}
Grab attention in the first sentence, show readers you understand their situation, and end by telling them what the post will give them. Keep it to one or two short paragraphs.`,
    builtin: [
      `{{#extra2}}
{{extra2}}

{{/extra2}}
If you have ever searched for “{{topic}}”, you know how much conflicting advice is out there. {{#extra3}}For {{extra3}}, all that noise makes it hard to know where to start. {{/extra3}}The good news is that the essentials are simpler than they look.
{{#extra1}}

In this post: {{extra1}}
{{/extra1}}
{{^extra1}}

In this post we break it down step by step, with practical tips you can use straight away.
{{/extra1}}`,
      `{{#extra2}}
{{extra2}}

{{/extra2}}
Picture the end of a long week. You have worked hard, yet the thing you care about most still feels out of reach. {{#extra3}}If you are among {{extra3}}, you{{/extra3}}{{^extra3}}You{{/extra3}} are not alone, and that gap is exactly what this post, “{{Topic}}”, sets out to close.
{{#extra1}}

Here's the plan: {{extra1}}
{{/extra1}}

No fluff, no overhaul required. Just the ideas that make the biggest difference, one practical step at a time.`,
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
      hostedToneField('e.g. catchy, energetic, clever'),
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
    description: 'Turn an episode transcript or summary into show notes with a summary, key takeaways and links.',
    category: ['Content', 'Marketing'],
    isFree: false,
    fields: [
      keywordsField(
        'Podcast transcript or summary',
        'Paste the transcript, or summarise what the episode covers',
        5000,
      ),
      extraArea(
        'extra1',
        'Show notes example',
        'Paste the notes of a past episode to copy their format and recurring sections',
        1000,
      ),
      extraField('extra2', 'Guest name and role', 'e.g. Priya Patel, Head of People at Acme', 200),
      extraArea(
        'extra3',
        'Links, resources and sponsor notes',
        'e.g. https://example.com/guide; this episode is sponsored by Acme Calendars',
        1000,
      ),
      extraField('extra4', 'Episode title', 'e.g. Ep. 42: AI trends in 2024', 500),
      toneField(),
    ],
    prompt: `Write podcast show notes for an episode, using only what this transcript or summary says:
{{keywords}}{{#extra4}}
Episode title: {{extra4}}{{/extra4}}{{#extra2}}
Guest: {{extra2}}{{/extra2}}{{#extra3}}
Links, resources and sponsor notes to include: {{extra3}}{{/extra3}}{{#extra1}}
Match the structure, formatting and recurring sections of these notes from a previous episode, but not their content:
{{extra1}}{{/extra1}}{{^extra1}}
Include a two to three sentence episode summary, 4 to 6 key takeaways as bullet points, a timestamp outline with placeholder times, a resources section and a closing line asking listeners to subscribe and review.{{/extra1}}`,
    builtin: [
      `{{#extra4}}{{extra4}}{{/extra4}}{{^extra4}}{{Topic}}{{/extra4}}

In this episode{{#extra2}}, we sit down with {{extra2}} to talk{{/extra2}}{{^extra2}} we talk{{/extra2}} about {{topic}}: what works, what doesn't, and what we would do differently next time.

Key takeaways{{#keywordList}}
- {{item}}{{/keywordList}}

Episode outline
00:00 Welcome and introductions{{#keywordList}}
{{index}}0:00 {{item}}{{/keywordList}}

{{#extra3}}
Resources and mentions
{{extra3}}

{{/extra3}}
Enjoyed the episode? Subscribe, leave a review, and share it with a friend who would find it useful.{{#extra1}}

(Draft notes: line the headings and recurring links up with your usual show notes before publishing.){{/extra1}}`,
      `Episode summary{{#extra4}}: {{extra4}}{{/extra4}}
{{#extra2}}Our guest {{extra2}} joins us for {{/extra2}}{{^extra2}}This episode is {{/extra2}}a practical conversation about {{topic}}.

What you will learn{{#keywordList}}
✔ {{item}}{{/keywordList}}

{{#extra3}}
Links
{{extra3}}

{{/extra3}}
Thanks for listening! New episodes every week, so subscribe wherever you get your podcasts.{{#extra1}}

(Before publishing, match the sections and sign-off of your previous show notes.){{/extra1}}`,
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
  {
    slug: 'blog-post-conclusion',
    title: 'Blog Post Conclusion',
    description: 'End a blog post with a conclusion that sums up the key idea and tells readers what to do next.',
    category: ['Content'],
    isFree: true,
    fields: [
      keywordsField('Blog post title/topic', 'e.g. How To Become A Software Engineer', 1000),
      extraArea('extra1', 'What is the blog about?', 'e.g. The skills required to become a software engineer.', 1000),
      extraField('extra2', 'Call to action', 'e.g. Subscribe for a new career guide every week', 200),
      hostedToneField(),
    ],
    prompt: `Write a strong conclusion for a blog post titled or about: {{keywords}}{{#extra1}}
What the post covers: {{extra1}}{{/extra1}}{{#extra2}}
Finish with this call to action: {{extra2}}{{/extra2}}
Sum up the key points in fresh words rather than repeating them, leave the reader with one memorable takeaway, and end with a clear next step. Keep it to one or two short paragraphs and do not introduce new arguments.`,
    builtin: [
      `## Conclusion

There is no shortcut when it comes to “{{topic}}”, but there is a clear path.{{#extra1}} As we have seen, it comes down to this: {{extra1}}{{/extra1}}

The most important step is the first one. Pick one idea from this post, put it into practice this week, and build from there. Small, consistent progress beats a perfect plan that never starts.

{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}If you found this helpful, share it with someone who is on the same journey.{{/extra2}}`,
      `## Final thoughts

{{Topic}} can feel overwhelming at the start, but it does not have to be.
{{#extra1}}

To recap: {{extra1}}
{{/extra1}}

The people who get results are rarely the ones with the perfect plan. They are the ones who start, learn from each step and keep going.

Your next step: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}choose one thing from this post and do it today, then tell us in the comments how it went.{{/extra2}}`,
    ],
  },
  {
    slug: 'blog-post-title',
    title: 'Blog Post Title',
    description: 'Generate catchy, search-friendly titles for a blog post from a short description of it.',
    category: ['Content', 'Marketing'],
    isFree: true,
    fields: [
      keywordsField('Describe your blog topic', 'e.g. I visited the crypto event Token2049 in Singapore', 1000),
      extraField('extra1', 'Main SEO keyword', 'e.g. Token2049 recap', 100),
      hostedToneField(),
    ],
    prompt: `Write 10 title options for a blog post about: {{keywords}}{{#extra1}}
Include this keyword in most titles, ideally near the start: {{extra1}}{{/extra1}}
Mix formats (how-to, numbered list, question, ultimate guide, personal story), keep each under 65 characters so it shows in full in search results, and make every title specific to this post rather than generic.`,
    builtin: [
      `1. The Complete Guide | {{Topic}}
2. What I Learned: {{Topic}}
3. 7 Lessons Worth Sharing: {{Topic}}
4. Is It Worth It? An Honest Look | {{Topic}}{{#extra1}}
5. {{extra1}}: Everything You Need to Know
6. {{extra1}}, Explained Simply{{/extra1}}`,
      `{{#keywordList}}
- Start Here: {{item}}
- What Nobody Tells You: {{item}}
{{/keywordList}}
- Step by Step: {{Topic}}
- Worth Your Attention: {{Topic}}{{#extra1}}
- {{extra1}}: The Practical Guide{{/extra1}}`,
    ],
  },
  {
    slug: 'clickbait-title-generator',
    title: 'Clickbait Title Generator',
    description: 'Generate curiosity-driven, attention-grabbing titles for articles, videos and posts.',
    category: ['Content', 'Marketing', 'Social Media'],
    isFree: true,
    fields: [
      keywordsField('Topic', 'e.g. Website Design', 1000),
      extraField('extra1', 'Target audience', 'e.g. small business owners', 200),
      hostedToneField('e.g. catchy, energetic, clever'),
    ],
    prompt: `Write 10 attention-grabbing, curiosity-driven titles about: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}
Use proven click patterns (surprising numbers, secrets, mistakes, before and after, "this one thing", open questions), keep each under 70 characters, and make sure the content could honestly deliver on every title.`,
    builtin: [
      `1. You Won't Believe What Changed When We Rethought {{Topic}}
2. 9 {{Topic}} Mistakes You're Probably Making Right Now
3. The {{Topic}} Secret Nobody Wants You to Know
4. Why Everyone Is Suddenly Talking About {{Topic}}
5. I Ignored {{Topic}} for Years. Big Mistake{{#extra1}}
6. Attention {{extra1}}: This {{Topic}} Trick Changes Everything{{/extra1}}`,
      `{{#keywordList}}
- This Is What Happens When You Take {{item}} Seriously
- Stop Everything: The Truth About {{item}}
{{/keywordList}}
- {{Topic}}: Experts Can't Believe How Simple This Is
- The One Thing About {{Topic}} That Changes Everything{{#extra1}}
- A Must-Read for {{extra1}}: The {{Topic}} Truth{{/extra1}}`,
    ],
  },
  {
    slug: 'how-to-guide',
    title: 'How-To Guide',
    description: 'Write a step-by-step how-to article with what you need, numbered steps and troubleshooting tips.',
    category: ['Content', 'Education'],
    isFree: false,
    fields: [
      keywordsField('What should the guide teach?', 'e.g. Setting up a home office on a budget', 1000),
      extraField('extra1', 'Reader skill level', 'e.g. complete beginners', 100),
      extraArea(
        'extra2',
        'Tools or materials needed',
        'e.g. laptop stand, desk lamp, noise-cancelling headphones',
        500,
      ),
      toneField(),
      lengthField(),
    ],
    prompt: `Write a step-by-step how-to guide on: {{keywords}}{{#extra1}}
Reader's skill level: {{extra1}}{{/extra1}}{{#extra2}}
Tools or materials needed: {{extra2}}{{/extra2}}
Start with a short introduction saying what the reader will achieve and roughly how long it takes, then a "What you need" list, numbered steps that each begin with a verb and explain why the step matters, tips or warnings where readers commonly go wrong, a troubleshooting section, and a brief wrap-up.`,
    builtin: [
      `# {{Topic}}: A Step-by-Step Guide

By the end of this guide you will have a clear, working approach{{#extra1}}, explained for {{extra1}}{{/extra1}}. Set aside about an hour for the first pass.

## What you need

{{#extra2}}
{{extra2}}
{{/extra2}}
{{^extra2}}
- An hour of uninterrupted time
- A notebook or document to track what you change
{{/extra2}}

## Steps

1. **Decide what "done" looks like.** Write one sentence describing the result you want, so you know when to stop.
2. **Prepare everything first.** Gather what you need before you begin; stopping halfway is where most attempts stall.
3. **Work through each part in order.**{{#keywordList}}
   - {{item}}{{/keywordList}}
{{^isShort}}
4. **Test the result.** Use it in a real situation for a few days and note anything that feels awkward.
5. **Adjust one thing at a time.** Change a single detail, check again, and keep what works.
{{/isShort}}

{{#isLong}}
## Troubleshooting

- **It feels like too much at once:** split the step into smaller pieces and do only the first one today.
- **The results fade after a week:** tie the new habit to something you already do every day.
- **Something does not work as described:** go back one step and check that it is fully finished.

{{/isLong}}
## Wrapping up

That's it. Come back to this guide whenever you need a refresher, and build on it once the basics feel natural.`,
      `How to get it right: {{topic}}

Before you start{{#extra1}}
This guide assumes you are at this level: {{extra1}}{{/extra1}}
{{#extra2}}
You will need: {{extra2}}
{{/extra2}}
{{^extra2}}
You will need: a little time, patience and a way to take notes.
{{/extra2}}

The process{{#keywordList}}
Step {{index}}: {{item}}. Do this first, check it works, then move on.{{/keywordList}}
{{^isShort}}

Common mistakes
- Skipping the preparation and improvising halfway through
- Changing several things at once, so you can't tell what helped
{{/isShort}}
{{#isLong}}

Pro tips
- Keep a short log of what you tried and what happened
- Ask someone who has done it to look over your result
- Revisit the guide after a month and fine-tune
{{/isLong}}

Done! You now have a repeatable process you can return to any time.`,
    ],
  },
  {
    slug: 'product-review-article',
    title: 'Product Review Article',
    description: 'Write a balanced product review article with first impressions, pros and cons and a clear verdict.',
    category: ['Content', 'Marketing'],
    isFree: false,
    fields: [
      keywordsField('Product name', 'e.g. Flexispot E7 standing desk', 1000),
      extraArea(
        'extra1',
        'Your experience and observations',
        'e.g. used it for 3 months; sturdy, quiet motor, cable tray feels flimsy',
        1000,
      ),
      extraField('extra2', 'Price and who it is for', 'e.g. $499, for people who work from home full time', 200),
      extraField('extra3', 'Rating', 'e.g. 4.5 out of 5', 50),
      toneField(),
      lengthField(),
    ],
    prompt: `Write an honest product review article about: {{keywords}}{{#extra1}}
The reviewer's experience and observations: {{extra1}}{{/extra1}}{{#extra2}}
Price and intended buyer: {{extra2}}{{/extra2}}{{#extra3}}
Overall rating: {{extra3}}{{/extra3}}
Include a headline, a short verdict up front, what the product is and who it is for, sections on design, everyday use and value for money, a pros and cons list, a general comparison with typical alternatives, and a final verdict with a clear recommendation. Base every claim on the experience given and do not invent specifications or test results.`,
    builtin: [
      `# {{Topic}} Review: Is It Worth It?

**The short verdict:** {{#extra3}}{{extra3}}. {{/extra3}}A well-thought-out product that does its main job well, with a few compromises worth knowing about before you buy.

## What it is and who it's for

{{Topic}} promises to make everyday work easier.{{#extra2}} Price and target buyer: {{extra2}}{{/extra2}}

## Living with it

{{#extra1}}
{{extra1}}

{{/extra1}}
{{^isShort}}
Day to day, the things that matter most are how it fits into your routine and whether it keeps working as well in month three as on day one. That is where this review focuses.

{{/isShort}}
## Pros and cons

👍 Does its core job reliably
👍 Easy to get started with
👎 A few details feel less polished than the rest
{{#isLong}}

## How it compares

Against typical alternatives at a similar price, it stands out for consistency rather than flashy features. If you need something very specialised, shop around; if you want something dependable, it is a strong option.
{{/isLong}}

## Final verdict

Recommended for anyone who values reliability over extras. Check the price, and if it fits your budget, it is an easy choice.`,
      `{{Topic}}: an honest review{{#extra3}} ({{extra3}}){{/extra3}}

First impressions
Unboxing and setup were straightforward, and it looked and felt like a considered product from the start.
{{#extra1}}

After using it
{{extra1}}
{{/extra1}}
{{#extra2}}

Price and fit
{{extra2}}
{{/extra2}}
{{^isShort}}

What we liked
- Dependable performance in everyday use
- Sensible design choices

What could be better
- Small details that a future version could refine
{{/isShort}}
{{#isLong}}

Who should skip it
If you need a feature set aimed at professionals with very specific needs, compare a few alternatives before deciding.
{{/isLong}}

Bottom line: a solid buy for most people, and one we would happily recommend to a friend.`,
    ],
  },
  {
    slug: 'ebook-outline',
    title: 'Ebook Outline',
    description: 'Plan an ebook or lead magnet chapter by chapter, with a title, a reader promise and key points.',
    category: ['Content', 'Marketing', 'Education'],
    isFree: false,
    fields: [
      keywordsField('What is your ebook about?', "e.g. A beginner's guide to budgeting for freelancers", 1000),
      extraField('extra1', 'Target reader', 'e.g. freelancers in their first year', 200),
      extraField('extra2', 'Goal of the ebook', 'e.g. a free download that grows our newsletter', 200),
      toneField(),
      lengthField(),
    ],
    prompt: `Create an outline for an ebook about: {{keywords}}{{#extra1}}
Target reader: {{extra1}}{{/extra1}}{{#extra2}}
Goal of the ebook: {{extra2}}{{/extra2}}
Include a working title and subtitle, a one-paragraph promise of what the reader will gain, 5 to 10 chapters (each with a title, a one-sentence summary and 3 or 4 key points), ideas for worksheets, checklists or examples, and a closing chapter with next steps. Order the chapters so that each builds on the one before.`,
    builtin: [
      `Working title: {{Topic}}
Subtitle: a practical guide{{#extra1}} for {{extra1}}{{/extra1}}, from first steps to lasting results

The promise
By the last page, readers will understand the essentials, avoid the most common mistakes and have a plan they can start on the same day.{{#extra2}}
Purpose: {{extra2}}{{/extra2}}

Introduction: why this matters now
- The problem in the reader's own words
- What changes once it is solved

{{#keywordList}}
Chapter {{index}}: {{item}}
- The core idea, explained simply
{{^isShort}}
- A worked example from real life
- A checklist or worksheet to apply it
{{/isShort}}

{{/keywordList}}
Final chapter: your next steps
- A 30-day action plan
{{#isLong}}
- Further reading and resources
- A short self-assessment to measure progress
{{/isLong}}`,
      `Ebook plan: {{Topic}}

Front matter
- Title page and a short welcome note{{#extra1}} written directly to {{extra1}}{{/extra1}}
- How to get the most out of this ebook

Part 1: Foundations{{#keywordList}}
- {{item}}{{/keywordList}}
{{^isShort}}

Part 2: Putting it into practice
- Step-by-step walkthroughs with real examples
- Common mistakes and how to avoid them
{{/isShort}}
{{#isLong}}

Part 3: Going further
- Advanced tips and short case examples
- Templates and checklists readers can reuse
{{/isLong}}

Back matter
- Summary of the key takeaways
- {{#extra2}}A closing call to action that serves the goal: {{extra2}}{{/extra2}}{{^extra2}}Where to go next, with one clear recommended action{{/extra2}}`,
    ],
  },
  {
    slug: 'newsletter-intro',
    title: 'Newsletter Intro',
    description: 'Write a warm, personal opening for an email newsletter that draws readers into the issue.',
    category: ['Content', 'Marketing'],
    isFree: true,
    fields: [
      keywordsField('What is this issue about?', 'e.g. Our spring product updates and a guide to better focus', 1000),
      extraField('extra1', 'Newsletter name', 'e.g. The Friday Letter', 100),
      extraField('extra2', 'Personal note or recent news', 'e.g. We just moved into a new studio', 300),
      toneField(),
      lengthField('Short'),
    ],
    prompt: `Write the opening of an email newsletter issue about: {{keywords}}{{#extra1}}
Newsletter name: {{extra1}}{{/extra1}}{{#extra2}}
Weave in this personal note or news: {{extra2}}{{/extra2}}
Greet readers warmly, open with a short personal or timely hook, say in one or two sentences what is in this issue and why it is worth their time, and lead into the first section. Write only the opening, not the rest of the newsletter.`,
    builtin: [
      `Hi there,

{{#extra2}}
A quick note before we dive in: {{extra2}}

{{/extra2}}
Welcome to this week's issue{{#extra1}} of {{extra1}}{{/extra1}}. This time we are focusing on {{topic}}.
{{^isShort}}

Inside:{{#keywordList}}
→ {{item}}{{/keywordList}}
{{/isShort}}
{{#isLong}}

We put this issue together because so many of you wrote in with questions about it. Grab a coffee, take five minutes, and hit reply if something sparks an idea. We read every message.
{{/isLong}}

Let's get into it.`,
      `Hello friends 👋

{{#extra2}}{{extra2}}, and it got us thinking about what really matters this season.{{/extra2}}{{^extra2}}It has been a busy few weeks, and it got us thinking about what really matters this season.{{/extra2}} That is why this {{#extra1}}edition of {{extra1}}{{/extra1}}{{^extra1}}edition{{/extra1}} is all about {{topic}}.
{{^isShort}}

You'll find practical ideas, a few things we have learned the hard way, and something you can try before next week.
{{/isShort}}
{{#isLong}}

As always, this newsletter is a conversation. If something here is useful, or you disagree, just reply. Your notes shape what we write next.
{{/isLong}}

Here's what's inside 👇`,
    ],
  },
  {
    slug: 'content-brief',
    title: 'Content Brief',
    description: 'Create a brief for a writer with the angle, audience, outline, keywords and questions to answer.',
    category: ['Content', 'Marketing', 'Project Management'],
    isFree: false,
    fields: [
      keywordsField('Topic or working title', 'e.g. How to choose project management software for a small team', 1000),
      extraField('extra1', 'Target audience', 'e.g. operations leads at 10-50 person companies', 200),
      extraField('extra2', 'Target SEO keywords', 'e.g. project management software, tools for small teams', 300),
      extraField('extra3', 'Goal of the piece', 'e.g. drive free-trial sign-ups', 200),
      extraField('extra4', 'Word count', 'e.g. 1,500 words', 50),
      toneField(),
    ],
    prompt: `Create a content brief for a writer for a piece on: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}{{#extra2}}
Target SEO keywords: {{extra2}}{{/extra2}}{{#extra3}}
Goal of the piece: {{extra3}}{{/extra3}}{{#extra4}}
Target word count: {{extra4}}{{/extra4}}
Include a working title with two alternatives, the search intent, who the reader is and what they already know, the angle that makes this piece different from what already ranks, a suggested outline with H2 headings and the points under each, the keywords to use, questions the piece must answer, the kinds of sources to check, the call to action, and what to avoid.`,
    builtin: [
      `CONTENT BRIEF

Working title: {{Topic}}{{#extra4}}
Word count: {{extra4}}{{/extra4}}{{#tone}}
Voice: {{tone}}{{/tone}}

Audience
{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}Readers who know the basics and want a clear, practical answer they can act on.{{/extra1}}

Goal
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}Help the reader make a confident decision, and leave them wanting to read more from us.{{/extra3}}

Suggested outline
1. Introduction: the problem in the reader's words{{#keywordList}}
- H2: {{item}}{{/keywordList}}
- H2: Common mistakes and how to avoid them
- Conclusion and call to action
{{#extra2}}

Keywords to use: {{extra2}}
{{/extra2}}

Must answer
- What is it, and why should the reader care now?
- What are the options, and how do they compare?
- What should the reader do first?

Avoid: vague claims without examples, jargon that isn't explained, and invented statistics.`,
      `Brief: {{topic}}

Angle: a practical, experience-based take that goes further than the generic advice already out there{{#extra1}}, written for {{extra1}}{{/extra1}}.{{#tone}} Keep the voice {{tone}}.{{/tone}}

Sections to cover{{#keywordList}}
{{index}}. {{item}}{{/keywordList}}

SEO{{#extra2}}
Primary keywords: {{extra2}}{{/extra2}}
Use the main keyword in the title, the first paragraph and one H2. Write a meta description of at most 155 characters.

Success looks like{{#extra3}}
{{extra3}}{{/extra3}}{{^extra3}}
Readers finish the piece knowing exactly what to do next.{{/extra3}}{{#extra4}}
Target: {{extra4}}{{/extra4}}

Sources to check: recent industry reports, our own customer conversations, and two or three top-ranking articles to find the gaps.`,
    ],
  },
  {
    slug: 'opinion-piece',
    title: 'Opinion Piece',
    description: 'Write a persuasive opinion column or op-ed that argues one clear position with evidence.',
    category: ['Content', 'Business'],
    isFree: false,
    fields: [
      keywordsField('Your position', 'e.g. Companies should stop tracking hours and measure outcomes instead', 1000),
      extraArea(
        'extra1',
        'Supporting arguments or evidence',
        'e.g. results of our four-day-week pilot, employee survey data',
        1000,
      ),
      extraField('extra2', 'Target readers', 'e.g. managers at mid-sized companies', 200),
      toneField('e.g. bold, measured, provocative'),
      lengthField(),
    ],
    prompt: `Write an opinion piece (op-ed) arguing this position: {{keywords}}{{#extra1}}
Supporting arguments or evidence to use: {{extra1}}{{/extra1}}{{#extra2}}
Written for: {{extra2}}{{/extra2}}
Give it a clear headline, open with a sharp hook, state the thesis in the first paragraph, build the case over three or four paragraphs using the evidence given, acknowledge the strongest counterargument fairly and answer it, and close with a memorable line or call to action. Write in the first person and do not invent statistics.`,
    builtin: [
      `# It's Time to Talk Honestly About {{Topic}}

We keep having the same debate, and we keep avoiding the obvious conclusion. Here is my position, plainly: {{keywords}}
{{#extra1}}

The evidence is hard to ignore: {{extra1}}
{{/extra1}}
{{^isShort}}

Critics will say the current way works well enough, and that change carries risk. They are right that change has a cost. But so does standing still, and that cost is paid quietly, every week, by the people doing the work.
{{/isShort}}
{{#isLong}}

What would it take? Not a revolution. A willingness to test the idea honestly, measure the results and follow the evidence, even when it challenges habits we have held for years.
{{/isLong}}

{{#extra2}}To {{extra2}} reading this: the{{/extra2}}{{^extra2}}The{{/extra2}} question is no longer whether we should act, but how long we can afford to wait.`,
      `{{Topic}}: why I changed my mind

For years I believed the opposite. Then I looked more closely.
{{#extra1}}

What changed my thinking: {{extra1}}
{{/extra1}}
{{^isShort}}

The strongest argument against this view deserves a fair hearing: familiar systems are predictable, and predictability has value. But predictability is not the same as effectiveness, and we should stop treating the two as one.
{{/isShort}}
{{#isLong}}

There is also a human side. People do their best work when what is asked of them makes sense. When it does not, they comply, but they stop caring, and no spreadsheet captures that loss.
{{/isLong}}

My ask{{#extra2}} of {{extra2}}{{/extra2}} is simple: try it, measure it, and be willing to be convinced.`,
    ],
  },
  {
    slug: 'podcast-interview-questions',
    title: 'Podcast Interview Questions',
    description: 'Prepare thoughtful podcast interview questions that go beyond what a guest has answered elsewhere.',
    category: ['Content', 'Social Media'],
    isFree: true,
    fields: [
      keywordsField('Episode topic', 'e.g. Hiring and leading a design team across time zones', 1000),
      extraArea(
        'extra1',
        'Guest and their background',
        'e.g. Priya Patel, founder of a remote-first agency, author of a book on async teams',
        500,
      ),
      extraField('extra2', 'What your listeners want to learn', 'e.g. practical advice for small studios', 200),
      toneField('e.g. curious, relaxed, challenging'),
      lengthField(),
    ],
    prompt: `Write interview questions for a podcast episode about: {{keywords}}{{#extra1}}
The guest and their background: {{extra1}}{{/extra1}}{{#extra2}}
What listeners want to learn: {{extra2}}{{/extra2}}
Start with a warm-up question, move from the guest's story to specific, practical questions and one or two thought-provoking ones, add a follow-up prompt under the key questions, avoid yes/no questions and the questions the guest has answered in every other interview, and end with a closing question and where listeners can find them.`,
    builtin: [
      `Interview plan: {{Topic}}{{#extra1}}
Guest: {{extra1}}{{/extra1}}

Warm-up
1. What were you doing right before we hit record, and what is on your mind this week?

Your story
2. How did you first get into this work, and what surprised you most early on?
3. Which moment in your career shaped how you think about this most?

The topic{{#keywordList}}
- What do most people get wrong about {{item}}?{{/keywordList}}
{{^isShort}}
- Walk us through a time it went badly. What did you change afterwards?
  Follow-up: what would you do on day one if you started again?
{{/isShort}}
{{#isLong}}
- Where do you think this is heading in the next five years?
- What is an opinion you hold that most people in your field would disagree with?
{{/isLong}}

Closing
- {{#extra2}}For listeners who want {{extra2}}, what{{/extra2}}{{^extra2}}What{{/extra2}} is the one thing they should do this week?
- Where can people find you and your work?`,
      `Questions for our conversation on {{topic}}

Opening: "Before we get into it, how would you explain what you do to a ten-year-old?"
{{#extra1}}

Guest: {{extra1}}
- "Which part of your journey taught you the most about this?"
{{/extra1}}

Core questions{{#keywordList}}
- "If someone is just starting with {{item}}, where should they begin?"{{/keywordList}}
- "What is a mistake you made that our listeners can avoid?"
{{^isShort}}
- "What does a good week look like for you, in practice?"
- "Which advice in your field do you think is overrated?"
{{/isShort}}
{{#isLong}}
- "Tell us about a decision you are still unsure about."
- "Who has influenced how you think about this, and why?"
{{/isLong}}

Wrap-up: "{{#extra2}}What is your best advice for listeners who want {{extra2}}?{{/extra2}}{{^extra2}}What is your best piece of advice for our listeners?{{/extra2}} And where can they follow your work?"`,
    ],
  },
];
