import type { PresetDefinition } from '../preset-types.js';
import { extraArea, extraField, keywordsField, lengthField, toneField } from './fields.js';

export const socialMediaPresets: PresetDefinition[] = [
  {
    slug: 'linkedin-post-generator',
    title: 'LinkedIn Post Generator',
    description: 'Turn an idea or lesson into a LinkedIn post that opens with a hook and invites conversation.',
    category: ['Social Media', 'Marketing'],
    isFree: true,
    fields: [
      keywordsField('Topic or key message', 'e.g. What three years of remote work taught me about trust', 1000),
      extraField('extra1', 'Target audience', 'e.g. first-time team leads', 200),
      extraField('extra2', 'Call to action', 'e.g. Share your own experience in the comments', 200),
      toneField(),
      lengthField(),
    ],
    prompt: `Write an engaging LinkedIn post about: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}{{#extra2}}
End with this call to action: {{extra2}}{{/extra2}}
Open with a first line that makes people stop scrolling, use short paragraphs separated by line breaks, share one concrete insight or example, and finish with 3 to 5 relevant hashtags.`,
    builtin: [
      `{{Topic}}

Here is something I keep noticing{{#extra1}} when I talk with {{extra1}}{{/extra1}}: the people who get this right are rarely the loudest. They are the most consistent.

What has worked for me:{{#keywordList}}
✅ {{item}}{{/keywordList}}

{{^isShort}}
None of these ideas is complicated. The hard part is sticking with them long enough to see results, and being honest about what is not working.

{{/isShort}}
{{#isLong}}
If I could give my younger self one piece of advice, it would be this: pick one of these, practise it for a month, and only then add the next.

{{/isLong}}
{{#extra2}}
{{extra2}}
{{/extra2}}
{{^extra2}}
What would you add? I would love to hear your experience in the comments.
{{/extra2}}`,
      `Quick thoughts on {{topic}} 👇

{{#keywordList}}
{{index}}. {{item}}
{{/keywordList}}

{{^isShort}}
Each of these sounds obvious on paper. In practice, they are the first things we drop when the week gets busy{{#extra1}}, and I see it again and again with {{extra1}}{{/extra1}}.

{{/isShort}}
{{#isLong}}
My takeaway: write down which of these matters most to you right now, share it with your team, and revisit it in a few weeks. Progress you can see is progress you keep.

{{/isLong}}
{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}Which one resonates most with you?{{/extra2}}`,
    ],
  },
  {
    slug: 'twitter-thread',
    title: 'Twitter Thread',
    description: 'Break a topic into a numbered Twitter/X thread with a hook, one idea per post and a closing summary.',
    category: ['Social Media'],
    isFree: true,
    fields: [
      keywordsField('Thread topic', 'e.g. How we cut our meeting time in half', 1000),
      extraField('extra1', 'Main takeaway', 'e.g. Fewer, shorter meetings with a written agenda', 280),
      toneField(),
      lengthField(),
    ],
    prompt: `Write a Twitter/X thread about: {{keywords}}{{#extra1}}
The main takeaway readers should leave with: {{extra1}}{{/extra1}}
Start with a hook post that makes people want to read on, number each post (1/, 2/, ...), keep every post under 280 characters with one idea each, and end with a post that sums up the thread and invites replies.`,
    builtin: [
      `🧵 {{Topic}}: what I have learned, in one thread.

{{#keywordList}}
{{index}}/ {{item}}. Start small, measure what changes, and keep what works.

{{/keywordList}}
{{^isShort}}
The common thread: none of this needs a big budget, just attention and a little consistency.

{{/isShort}}
{{#isLong}}
If you only try one idea from this thread, pick the one that feels the most uncomfortable. That is usually where the biggest gain is hiding.

{{/isLong}}
{{#extra1}}
TL;DR {{extra1}}
{{/extra1}}
{{^extra1}}
TL;DR {{topic}} rewards steady, small improvements.
{{/extra1}}

Found this useful? Follow for more, and reply with what you would add.`,
      `Most advice about {{topic}} is too vague to act on. Here is a practical version 👇

{{#keywordList}}
{{index}}/ {{item}}
Ask yourself: what would a 10% improvement here look like by next week?

{{/keywordList}}
{{^isShort}}
Why this matters: small changes made on purpose beat big plans that never leave the notebook.

{{/isShort}}
{{#isLong}}
A simple way to start: choose one point above, block 20 minutes in your calendar for it, and report back here in a week.

{{/isLong}}
{{#extra1}}
If you remember one thing: {{extra1}}
{{/extra1}}
That's the thread. Bookmark it and share it with someone who needs it.`,
    ],
  },
  {
    slug: 'youtube-video-description',
    title: 'YouTube Video Description',
    description: 'Write a searchable YouTube video description with a summary, chapter list and links section.',
    category: ['Social Media', 'Marketing'],
    isFree: true,
    fields: [
      keywordsField('Video title or topic', 'e.g. 5 habits that make remote teams more productive', 1000),
      extraArea('extra1', 'Key points or chapters', 'e.g. Intro, async updates, focus time, team rituals, wrap-up', 1000),
      extraField('extra2', 'Channel name', 'e.g. The Calm Office', 100),
      extraField('extra3', 'Links to include', 'e.g. https://example.com/newsletter', 500),
      toneField(),
    ],
    prompt: `Write a YouTube video description for a video about: {{keywords}}{{#extra1}}
Key points or chapters covered: {{extra1}}{{/extra1}}{{#extra2}}
Channel name: {{extra2}}{{/extra2}}{{#extra3}}
Links to include: {{extra3}}{{/extra3}}
Put the most important information and search terms in the first two lines, add a short summary, a chapter list with placeholder timestamps, a subscribe reminder and a few relevant hashtags.`,
    builtin: [
      `{{Topic}}

In this video we look at {{topic}}, with practical ideas you can use straight away.
{{#extra1}}

What we cover: {{extra1}}
{{/extra1}}

⏱ Chapters
00:00 Introduction{{#keywordList}}
{{index}}:00 {{item}}{{/keywordList}}

{{#extra3}}
🔗 Links mentioned
{{extra3}}

{{/extra3}}
👍 If this helped, like the video and subscribe{{#extra2}} to {{extra2}}{{/extra2}} for more.`,
      `Want to get better at {{topic}}? This video walks you through it step by step.

In this video:{{#keywordList}}
✔ {{item}}{{/keywordList}}
{{#extra1}}

Also covered: {{extra1}}
{{/extra1}}

{{#extra3}}
Resources: {{extra3}}

{{/extra3}}
Have a question? Leave it in the comments and we may answer it in a future video.
{{#extra2}}
Subscribe to {{extra2}} so you don't miss the next one.
{{/extra2}}`,
    ],
  },
  {
    slug: 'instagram-caption',
    title: 'Instagram Caption',
    description: 'Write a scroll-stopping Instagram caption with a hook, a short story and a call to action.',
    category: ['Social Media', 'Marketing'],
    isFree: true,
    fields: [
      keywordsField('What is the post about?', 'e.g. Our new reading corner in the office', 1000),
      extraField('extra1', 'Brand or account name', 'e.g. Northwind Studio', 100),
      extraField('extra2', 'Call to action', 'e.g. Tag someone who needs a break', 200),
      toneField('e.g. playful, warm, inspiring'),
    ],
    prompt: `Write an Instagram caption for a post about: {{keywords}}{{#extra1}}
The account belongs to: {{extra1}}{{/extra1}}{{#extra2}}
Call to action: {{extra2}}{{/extra2}}
Start with a short hook line, keep the body easy to skim, use a few fitting emojis, and end with 5 to 10 relevant hashtags on a separate line.`,
    builtin: [
      `✨ {{Topic}} ✨

Some things are worth slowing down for, and this is one of them.{{#keywordList}}
📌 {{item}}{{/keywordList}}

{{#extra2}}{{extra2}} 👇{{/extra2}}{{^extra2}}Double-tap if you agree, and tell us your favourite in the comments 👇{{/extra2}}
{{#extra1}}

With love, {{extra1}}
{{/extra1}}`,
      `Plot twist: {{topic}} is more fun than it sounds 😉

Here is what we are loving right now:{{#keywordList}}
→ {{item}}{{/keywordList}}

{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}Save this post for later and share it with a friend.{{/extra2}}
{{#extra1}}
- {{extra1}}
{{/extra1}}`,
    ],
  },
  {
    slug: 'facebook-post',
    title: 'Facebook Post',
    description: 'Write a friendly Facebook post for a page or group that encourages comments and shares.',
    category: ['Social Media'],
    isFree: true,
    fields: [
      keywordsField('Post topic or announcement', 'e.g. Our café now opens at 7am on weekdays', 1000),
      extraField('extra1', 'Page or business name', 'e.g. Corner Café', 100),
      extraField('extra2', 'Call to action', 'e.g. Drop by this week and try the new menu', 200),
      toneField(),
      lengthField('Short'),
    ],
    prompt: `Write a Facebook post about: {{keywords}}{{#extra1}}
It is posted by: {{extra1}}{{/extra1}}{{#extra2}}
Call to action: {{extra2}}{{/extra2}}
Make it conversational, lead with the most interesting detail, and end with a question or invitation that encourages people to comment or share.`,
    builtin: [
      `📣 {{Topic}}

{{#extra1}}We at {{extra1}} have some news we are excited to share.{{/extra1}}{{^extra1}}We have some news we are excited to share.{{/extra1}}{{#keywordList}}
👉 {{item}}{{/keywordList}}

{{^isShort}}
We have been listening to your feedback, and this is a direct result of it. Thank you for being part of this community.

{{/isShort}}
{{#isLong}}
Have questions? Ask them in the comments and we will answer every one of them over the next few days.

{{/isLong}}
{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}What do you think? Let us know below!{{/extra2}}`,
      `Hi everyone! 👋

Let's talk about {{topic}}.
{{^isShort}}

A few things worth knowing:{{#keywordList}}
• {{item}}{{/keywordList}}
{{/isShort}}

{{#isLong}}
We put this together because so many of you asked about it. If it is useful, please share it with someone who might need it too.

{{/isLong}}
{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}Tell us in the comments: what is your take?{{/extra2}}
{{#extra1}}
The {{extra1}} team
{{/extra1}}`,
    ],
  },
  {
    slug: 'tiktok-video-script',
    title: 'TikTok Video Script',
    description: 'Script a short vertical video with a three-second hook, quick beats and an on-screen call to action.',
    category: ['Social Media', 'Marketing'],
    isFree: false,
    fields: [
      keywordsField('Video idea', 'e.g. Three desk stretches you can do between meetings', 1000),
      extraField('extra1', 'Target viewer', 'e.g. office workers in their twenties', 200),
      extraField('extra2', 'Call to action', 'e.g. Follow for a new tip every Monday', 200),
      toneField('e.g. energetic, funny, calm'),
      lengthField('Short'),
    ],
    prompt: `Write a script for a TikTok or Reels video about: {{keywords}}{{#extra1}}
Target viewer: {{extra1}}{{/extra1}}{{#extra2}}
Call to action: {{extra2}}{{/extra2}}
Include a hook for the first three seconds, scene-by-scene spoken lines with on-screen text suggestions, quick pacing, and a clear ending call to action.`,
    builtin: [
      `HOOK (0-3s)
On screen: "{{Topic}}"
Say: "Stop scrolling{{#extra1}}, {{extra1}}{{/extra1}}. This one is for you."

{{#keywordList}}
BEAT {{index}}
Say: "Tip {{index}}: {{item}}. Here's how to do it in under a minute."
On screen: {{item}}

{{/keywordList}}
{{^isShort}}
RECAP
Say: "That's it. Small changes, big difference."

{{/isShort}}
CALL TO ACTION
Say: "{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}Follow for more tips like this.{{/extra2}}"`,
      `[Opening: close-up, talking to camera]
"Nobody told me this about {{topic}}..."

{{#keywordList}}
[Scene {{index}}: cut to demo]
Text overlay: {{item}}
Voice-over: "Here's why {{item}} matters, in five seconds."

{{/keywordList}}
{{#isLong}}
[Bonus scene: quick behind-the-scenes clip]
Voice-over: "And one more thing most people skip: keep it simple and do it daily."

{{/isLong}}
[Final scene: back to camera]
"{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}Save this so you remember it tomorrow.{{/extra2}}"`,
    ],
  },
  {
    slug: 'social-media-poll',
    title: 'Social Media Poll',
    description: 'Turn a topic into an engaging poll question with answer options and a short intro post.',
    category: ['Social Media'],
    isFree: true,
    fields: [
      keywordsField('Poll topic and answer options', 'e.g. Best focus time: early morning, after lunch, late evening', 500),
      extraField('extra1', 'Platform', 'e.g. LinkedIn, X, Instagram stories', 50),
      toneField(),
    ],
    prompt: `Write a social media poll about: {{keywords}}{{#extra1}}
Platform: {{extra1}}{{/extra1}}
Write a short intro post that sets up the question, then the poll question itself and 2 to 4 answer options of at most 25 characters each. If answer options are given above, use them.`,
    builtin: [
      `Quick poll{{#extra1}} for my {{extra1}} network{{/extra1}} 📊

{{Topic}}: where do you stand?

Vote below:{{#keywordList}}
◻️ {{item}}{{/keywordList}}

I will share the results and my own answer in a few days. Tell me in the comments why you voted the way you did!`,
      `Settle a debate for us 👀

Question: What matters most to you about {{topic}}?

Options:{{#keywordList}}
{{index}}. {{item}}{{/keywordList}}

Cast your vote and bring a friend along. Results on Friday!`,
    ],
  },
  {
    slug: 'social-media-bio',
    title: 'Social Media Bio',
    description: 'Write a short, memorable profile bio for Instagram, X, TikTok or LinkedIn.',
    category: ['Social Media', 'Resume'],
    isFree: true,
    fields: [
      keywordsField('Who you are and what you do', 'e.g. Product designer, coffee lover, building calm tools', 500),
      extraField('extra1', 'Name or brand', 'e.g. Maya Chen', 100),
      extraField('extra2', 'Link or call to action', 'e.g. New newsletter every Sunday ↓', 150),
      toneField('e.g. witty, professional, minimal'),
    ],
    prompt: `Write three alternative social media profile bios based on: {{keywords}}{{#extra1}}
Name or brand: {{extra1}}{{/extra1}}{{#extra2}}
Include this link or call to action: {{extra2}}{{/extra2}}
Each bio must fit in 150 characters, say clearly what the person or brand does, and show some personality.`,
    builtin: [
      `{{#extra1}}{{extra1}} | {{/extra1}}{{Topic}}
{{#extra2}}
{{extra2}}
{{/extra2}}`,
      `{{#keywordList}}
✦ {{item}}
{{/keywordList}}
{{#extra2}}
👇 {{extra2}}
{{/extra2}}
{{^extra2}}
👇 Say hi, my DMs are open
{{/extra2}}`,
      `Hi, I'm {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}glad you're here{{/extra1}} 👋
Here for {{topic}}.
{{#extra2}}
{{extra2}}
{{/extra2}}`,
    ],
  },
  {
    slug: 'youtube-video-ideas',
    title: 'YouTube Video Ideas',
    description: 'Brainstorm YouTube video ideas with working titles and angles for a channel or niche.',
    category: ['Social Media', 'Content'],
    isFree: false,
    fields: [
      keywordsField('Channel niche or topics', 'e.g. home office setups, productivity, remote careers', 1000),
      extraField('extra1', 'Target audience', 'e.g. freelancers starting out', 200),
      extraField('extra2', 'Video format', 'e.g. tutorials, vlogs, interviews', 200),
    ],
    prompt: `Suggest 10 YouTube video ideas for a channel about: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}{{#extra2}}
Preferred video format: {{extra2}}{{/extra2}}
For each idea give a clickable working title, a one-sentence angle explaining why viewers would watch, and a thumbnail text suggestion of at most four words.`,
    builtin: [
      `Video ideas for {{topic}}{{#extra1}} (for {{extra1}}){{/extra1}}

{{#keywordList}}
{{index}}. "{{item}}: the beginner's guide"
   Angle: everything someone new needs to know, in one video.
   Thumbnail text: START HERE

{{/keywordList}}
{{#keywordList}}
"I tried {{item}} for 30 days. Here's what happened"
{{/keywordList}}
{{#extra2}}

Format to favour: {{extra2}}
{{/extra2}}`,
      `Content ideas: {{Topic}}

Evergreen{{#keywordList}}
- {{item}} explained in 10 minutes{{/keywordList}}

Trending angles{{#keywordList}}
- The biggest myths about {{item}}{{/keywordList}}

Community
- Answering your questions about {{topic}}
- Reacting to viewers' setups and stories{{#extra1}} from {{extra1}}{{/extra1}}`,
    ],
  },
  {
    slug: 'youtube-video-script',
    title: 'YouTube Video Script',
    description: 'Write a full YouTube video script with a hook, intro, main sections and an outro.',
    category: ['Social Media', 'Content'],
    isFree: false,
    fields: [
      keywordsField('Video topic', 'e.g. How to set up a distraction-free home office', 1000),
      extraArea('extra1', 'Main points to cover', 'e.g. lighting, desk height, noise, routines', 1000),
      extraField('extra2', 'Channel name', 'e.g. The Calm Office', 100),
      toneField(),
      lengthField(),
    ],
    prompt: `Write a YouTube video script about: {{keywords}}{{#extra1}}
Main points to cover: {{extra1}}{{/extra1}}{{#extra2}}
Channel name: {{extra2}}{{/extra2}}
Structure it as hook, intro, main sections with spoken lines and b-roll suggestions in brackets, and an outro with a subscribe prompt. Write it to be spoken aloud.`,
    builtin: [
      `[HOOK]
What if {{topic}} could be simpler than you think? Stay with me for the next few minutes and you will see how.

[INTRO]
Hi, welcome back{{#extra2}} to {{extra2}}{{/extra2}}. Today we are talking about {{topic}}.{{#extra1}} We will cover {{extra1}}.{{/extra1}}

{{#keywordList}}
[SECTION {{index}}: {{item}}]
Now, {{item}}. Here is what it is, why it matters, and one thing you can try today.
[B-roll: close-up example of {{item}}]

{{/keywordList}}
{{#isLong}}
[COMMON MISTAKES]
Before we wrap up, let's look at the mistakes I see most often, and how to avoid each of them.

{{/isLong}}
[OUTRO]
That's it for today. If this helped, give it a like and subscribe{{#extra2}} to {{extra2}}{{/extra2}}. See you in the next one!`,
      `COLD OPEN
(on camera) "I used to get {{topic}} completely wrong. Here is what changed."

TITLE CARD: {{Topic}}

{{#keywordList}}
PART {{index}}: {{item}}
(voice-over) Explain {{item}} in plain words, show a quick example, then give the viewer one action to take.

{{/keywordList}}
{{^isShort}}
RECAP
(on camera) "So, to sum up:{{#keywordList}} {{item}};{{/keywordList}} that's the whole system."

{{/isShort}}
END SCREEN
"Thanks for watching{{#extra2}} {{extra2}}{{/extra2}}. Tell me in the comments what you want to see next."`,
    ],
  },
  {
    slug: 'social-media-content-calendar',
    title: 'Social Media Content Calendar',
    description: 'Plan a week of social media posts around a theme, with a post idea and format for each day.',
    category: ['Social Media', 'Marketing'],
    isFree: false,
    fields: [
      keywordsField('Theme or topics', 'e.g. product launch, behind the scenes, customer stories', 1000),
      extraField('extra1', 'Platforms', 'e.g. Instagram and LinkedIn', 200),
      extraField('extra2', 'Business or brand', 'e.g. Northwind Studio, a small design agency', 200),
      toneField(),
    ],
    prompt: `Create a 7-day social media content calendar around: {{keywords}}{{#extra1}}
Platforms: {{extra1}}{{/extra1}}{{#extra2}}
Business or brand: {{extra2}}{{/extra2}}
For each day give the platform, post format (carousel, short video, text post, story...), a working headline, a two-sentence post idea and a call to action. Present it as a table.`,
    builtin: [
      `Content calendar: {{Topic}}{{#extra2}}
Brand: {{extra2}}{{/extra2}}{{#extra1}}
Platforms: {{extra1}}{{/extra1}}{{#tone}}
Voice: {{tone}}{{/tone}}

Monday: kick-off post introducing this week's theme, {{topic}}
Tuesday to Thursday: one deep dive per day (carousel or short video), each with a practical tip{{#keywordList}}
- {{item}}{{/keywordList}}
Friday: behind-the-scenes story from the team
Saturday: question or poll for the community
Sunday: recap of the week and a preview of next week`,
      `| Day | Format | Idea |
| --- | --- | --- |
| Mon | Text post | Why {{topic}} matters to us{{#extra2}} at {{extra2}}{{/extra2}} |
| Tue | Carousel | Five quick tips |
| Wed | Short video | Behind the scenes |
| Thu | Story poll | Ask the audience what they struggle with |
| Fri | Customer story | A real example, told in their words |
| Sat | Meme or light post | Something fun related to the theme |
| Sun | Recap | What we shared this week |

Themes to rotate through:
{{#keywordList}}
- {{item}}
{{/keywordList}}`,
    ],
  },
  {
    slug: 'job-ad-social-post',
    title: 'Job Ad Social Post',
    description: 'Announce an open role on social media in a way that attracts the right candidates.',
    category: ['Social Media', 'HR'],
    isFree: true,
    fields: [
      keywordsField('Job title and highlights', 'e.g. Product Designer, remote, four-day week', 1000),
      extraField('extra1', 'Company name', 'e.g. Northwind Studio', 200),
      extraField('extra2', 'How to apply', 'e.g. Apply at northwind.example/jobs', 300),
      toneField(),
    ],
    prompt: `Write a social media post announcing a job opening: {{keywords}}{{#extra1}}
Company: {{extra1}}{{/extra1}}{{#extra2}}
How to apply: {{extra2}}{{/extra2}}
Lead with what makes the role exciting, list 3 highlights, describe who would love it, and end with how to apply and a few relevant hashtags.`,
    builtin: [
      `We're hiring! 🚀

{{#extra1}}{{extra1}} is looking for{{/extra1}}{{^extra1}}We are looking for{{/extra1}} someone great to join us. The role in a nutshell:{{#keywordList}}
✨ {{item}}{{/keywordList}}

Know someone who would be a perfect fit? Tag them below!
{{#extra2}}
👉 {{extra2}}
{{/extra2}}`,
      `Open role: {{Topic}}

If you want to do the best work of your career with a team that has your back, come and join {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}us{{/extra1}}.

{{#extra2}}How to apply: {{extra2}}{{/extra2}}{{^extra2}}Send us a message to learn more.{{/extra2}}

Please share, you never know who is looking! #hiring #jobs`,
    ],
  },
];
