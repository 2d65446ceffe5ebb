import type { PresetDefinition } from '../../../shared/presets/preset-types.js';
import { extraArea, extraField, hostedToneField, keywordsField, lengthField, radioField, toneField } from './fields.js';

/** The hosted presets' tone: a free-text field of up to 1000 characters, labelled as they label it. */
export const socialMediaPresets: PresetDefinition[] = [
  {
    slug: 'linkedin-post-generator',
    title: 'LinkedIn Post Generator',
    description: 'Turn an idea or lesson into a LinkedIn post that opens with a hook and invites conversation.',
    category: ['Social Media', 'Marketing'],
    isFree: true,
    fields: [
      keywordsField('What is your post about?', 'e.g. What three years of remote work taught me about trust', 1000),
      extraField('extra1', 'Target audience', 'e.g. first-time team leads', 200),
      extraField('extra2', 'Call to action', 'e.g. Share your own experience in the comments', 200),
      hostedToneField('e.g. professional, energetic, funny'),
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
      keywordsField('What is your thread about?', 'e.g. How we cut our meeting time in half', 1000),
      extraField('extra1', 'Main takeaway', 'e.g. Fewer, shorter meetings with a written agenda', 280),
      hostedToneField(),
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
      keywordsField('What is your video about?', 'e.g. 5 habits that make remote teams more productive', 1000),
      extraArea(
        'extra1',
        'Key points or chapters',
        'e.g. Intro, async updates, focus time, team rituals, wrap-up',
        1000,
      ),
      extraField('extra2', 'Channel name', 'e.g. The Calm Office', 100),
      extraField('extra3', 'Links to include', 'e.g. https://example.com/newsletter', 500),
      hostedToneField(),
    ],
    prompt: `Write a YouTube video description for a video about: {{keywords}}{{#extra1}}
Key points or chapters covered: {{extra1}}{{/extra1}}{{#extra2}}
Channel name: {{extra2}}{{/extra2}}{{#extra3}}
Links to include: {{extra3}}{{/extra3}}
Put the most important information and search terms in the first two lines, add a short summary, a chapter list with placeholder timestamps, a subscribe reminder and a few relevant hashtags.`,
    builtin: [
      `{{Topic}}

Everything from this video in one place, with practical ideas you can use straight away.
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
      `New video 🎬 {{Topic}}

Watch to the end for the part most people miss.

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
    slug: 'instagram-post-caption',
    aliases: ['instagram-caption'],
    title: 'Instagram Post Caption',
    description: 'Write a scroll-stopping Instagram caption with a hook, a short story and a call to action.',
    category: ['Social Media', 'Marketing'],
    isFree: true,
    fields: [
      keywordsField('Post topic', 'e.g. Weekend with family in the park', 1000),
      extraField('extra1', 'Brand or account name', 'e.g. Northwind Studio', 100),
      extraField('extra2', 'Call to action', 'e.g. Tag someone who needs a break', 200),
      hostedToneField('e.g. friendly, funny, cheerful'),
      lengthField('Short'),
    ],
    prompt: `Write an Instagram caption for a post about: {{keywords}}{{#extra1}}
The account belongs to: {{extra1}}{{/extra1}}{{#extra2}}
Call to action: {{extra2}}{{/extra2}}
Start with a short hook line that works on its own before the "more" cut, keep the body easy to skim, use a few fitting emojis, and end with 5 to 10 relevant hashtags on a separate line.`,
    builtin: [
      `✨ {{Topic}} ✨

Some moments are worth slowing down for, and this is one of them.
{{^isShort}}

What made it special:{{#keywordList}}
📌 {{item}}{{/keywordList}}
{{/isShort}}
{{#isLong}}

No filters needed for days like this. Just good company, a little time, and the reminder that the simple things are often the best ones.
{{/isLong}}

{{#extra2}}{{extra2}} 👇{{/extra2}}{{^extra2}}Double-tap if you agree, and tell us your favourite in the comments 👇{{/extra2}}
{{#extra1}}

With love, {{extra1}}
{{/extra1}}`,
      `Plot twist: {{topic}} turned out even better than we hoped 😉
{{^isShort}}

Here is what we are loving right now:{{#keywordList}}
→ {{item}}{{/keywordList}}
{{/isShort}}
{{#isLong}}

If you have been waiting for a sign to try it yourself, consider this it. Start small, enjoy the process, and share the results with us.
{{/isLong}}

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
      keywordsField(
        'Poll topic and answer options',
        'e.g. Best focus time: early morning, after lunch, late evening',
        500,
      ),
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
      keywordsField('What is your video about?', 'e.g. AI and machine learning tutorials', 1000),
      extraField('extra1', 'Target audience', 'e.g. freelancers starting out', 200),
      extraField('extra2', 'Video format', 'e.g. tutorials, vlogs, interviews', 200),
      hostedToneField(),
    ],
    prompt: `Suggest 10 YouTube video ideas for a channel or video about: {{keywords}}{{#extra1}}
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
  {
    slug: 'youtube-video-title',
    title: 'YouTube Video Title',
    description: 'Generate catchy, searchable YouTube video titles that make people want to click.',
    category: ['Social Media', 'Marketing'],
    isFree: true,
    fields: [
      keywordsField('What is your video about?', 'e.g. I visited the crypto event Token2049 in Singapore', 1000),
      extraField('extra1', 'Main search keyword', 'e.g. crypto conference vlog', 100),
      hostedToneField(),
    ],
    prompt: `Write 10 title options for a YouTube video about: {{keywords}}{{#extra1}}
Work this search phrase into most of the titles, as close to the start as reads naturally: {{extra1}}{{/extra1}}
Keep every title under 70 characters and put the most compelling words first. Mix formats (how-to, numbered list, personal challenge, question, bold claim), write at most one word in capitals, and promise only what the video actually delivers.`,
    builtin: [
      `1. Everything You Need to Know | {{Topic}}
2. What Nobody Tells You: {{Topic}}
3. I Tried It So You Don't Have To: {{Topic}}
4. Watch This Before You Start: {{Topic}}
5. Explained in 10 Minutes: {{Topic}}{{#extra1}}
6. {{extra1}}: The Honest Guide
7. {{extra1}} for Beginners, Step by Step{{/extra1}}`,
      `{{#keywordList}}
- My Honest Take: {{item}}
- Beginner to Pro in One Video: {{item}}
{{/keywordList}}
- Don't Make These Mistakes: {{Topic}}
- What I Wish I Knew Sooner: {{Topic}}{{#extra1}}
- {{extra1}}: My Complete Breakdown{{/extra1}}`,
    ],
  },
  {
    slug: 'youtube-video-script-outline',
    title: 'YouTube Video Script Outline',
    description: 'Plan a YouTube video segment by segment, from the opening hook to the end screen.',
    category: ['Social Media', 'Content'],
    isFree: false,
    fields: [
      keywordsField('What is your video about?', 'e.g. AI and machine learning tutorials for beginners', 1000),
      extraArea(
        'extra1',
        'Key points to cover',
        'e.g. what a model is, training data, a first project in Python',
        1000,
      ),
      extraField('extra2', 'Target audience', 'e.g. developers new to AI', 200),
      hostedToneField(),
      lengthField(),
    ],
    prompt: `Create a script outline for a YouTube video about: {{keywords}}{{#extra1}}
Key points to cover: {{extra1}}{{/extra1}}{{#extra2}}
Target audience: {{extra2}}{{/extra2}}
Structure it as: a hook for the first 15 seconds, a short intro that tells viewers what they will get, 3 to 6 main segments (each with its talking points as bullets, a visual or b-roll idea and a transition line), one mid-video prompt to like or comment, and an outro with a call to action and an end-screen suggestion. Add rough timestamps and keep it in bullet points rather than full dialogue.`,
    builtin: [
      `Video outline: {{Topic}}{{#extra2}}
Audience: {{extra2}}{{/extra2}}

HOOK (0:00)
- Open with the most surprising result or question about {{topic}}
- Promise what viewers will be able to do by the end

INTRO (0:15)
- Who this video is for and why it matters right now{{#extra1}}
- Quick preview of what we cover: {{extra1}}{{/extra1}}

{{#keywordList}}
SEGMENT {{index}}: {{item}}
- Explain {{item}} in plain words
{{^isShort}}
- Show one concrete example on screen
- Transition: link {{item}} to the next point
{{/isShort}}

{{/keywordList}}
{{#isLong}}
MID-VIDEO PROMPT
- Ask viewers which point they struggle with most and to answer in the comments

COMMON MISTAKES
- Two or three pitfalls beginners hit, and how to avoid each one

{{/isLong}}
OUTRO
- Recap the main takeaway in one sentence
- Call to action: subscribe and watch the next video on the end screen`,
      `1. Cold open
   "Most people get {{topic}} wrong. Here's the version that works."
2. Title card and channel intro{{#extra2}}, framed for {{extra2}}{{/extra2}}
3. Main content{{#keywordList}}
   - Part {{index}}: {{item}}{{/keywordList}}{{#extra1}}
   - Make sure to cover: {{extra1}}{{/extra1}}
{{^isShort}}
4. Demo or real example: walk through one case from start to finish
5. Recap: the three things to remember
{{/isShort}}
{{#isLong}}
6. Viewer questions: answer the two most common questions about {{topic}}
{{/isLong}}
Closing: thank viewers, ask for a like and a comment, and point to the next video`,
    ],
  },
  {
    slug: 'tiktok-video-caption',
    title: 'TikTok Video Caption',
    description: 'Write short TikTok captions with a hook, a little context and hashtags that help views.',
    category: ['Social Media', 'Marketing'],
    isFree: true,
    fields: [
      keywordsField('What is your video about?', 'e.g. I visited the crypto event Token2049 in Singapore', 1000),
      extraField('extra1', 'Call to action', 'e.g. Follow for part 2', 150),
      hostedToneField(),
    ],
    prompt: `Write 3 alternative TikTok captions for a video about: {{keywords}}{{#extra1}}
End each caption with this call to action: {{extra1}}{{/extra1}}
Keep each caption under 150 characters before the hashtags. Open with a hook or question that adds context the video itself does not show, use one or two fitting emojis, and finish with 3 to 5 hashtags that mix broad and niche tags.`,
    builtin: [
      `Wait for the end 👀 {{Topic}}
{{#extra1}}{{extra1}} ✨{{/extra1}}{{^extra1}}Would you try this? Tell me below 👇{{/extra1}}
#fyp #foryou #tiktoktips`,
      `Here's what nobody tells you 🙌{{#keywordList}}
✔️ {{item}}{{/keywordList}}
{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}Save this for later!{{/extra1}} #fyp #learnontiktok`,
      `POV: {{topic}} 😅
{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}Part 2 if this gets 1k likes?{{/extra1}} #foryoupage #storytime`,
    ],
  },
  {
    slug: 'tiktok-hashtags-generator',
    title: 'TikTok Hashtags Generator',
    description: 'Find a mix of broad, niche and community TikTok hashtags that fit your video.',
    category: ['Social Media', 'Marketing'],
    isFree: true,
    fields: [
      keywordsField('What is your video about?', 'e.g. Morning routine for working from home', 1000),
      extraField('extra1', 'Niche or target audience', 'e.g. remote workers, young professionals', 200),
      hostedToneField('e.g. funny, educational, aesthetic'),
    ],
    prompt: `Suggest 20 TikTok hashtags for a video about: {{keywords}}{{#extra1}}
Niche or target audience: {{extra1}}{{/extra1}}
Group them into broad reach tags, niche tags and community or trend tags. Write each as a single word or CamelCase phrase starting with #, with no spaces, avoid banned, spammy or misleading tags, and finish with a recommended set of 5 to use together on this video.`,
    builtin: [
      `Hashtags for a video about {{topic}}{{#extra1}}, aimed at {{extra1}}{{/extra1}}

Broad reach
#fyp #foryou #foryoupage #tiktok

Discovery
#learnontiktok #tiktoktips #didyouknow #lifehacks

Topic tags, with each joined into one word{{#keywordList}}
- {{item}}{{/keywordList}}

Best mix: one broad tag, two topic tags, one discovery tag and one community tag. Rotate them every few posts and keep the ones that bring views.`,
      `Recommended set for {{topic}}
#fyp #learnontiktok{{#keywordList}}
+ a one-word tag for {{item}}, plus a "tok" version of it{{/keywordList}}
{{#tone}}

Mood tags for a {{tone}} video
#relatable #storytime #vibes
{{/tone}}
{{#extra1}}

Community tags
Look for the tags {{extra1}} already follow, then add the two most active ones.
{{/extra1}}

Tip: use 3 to 5 hashtags per video. A few well-matched tags beat a long list of popular ones.`,
    ],
  },
  {
    slug: 'quora-answers',
    title: 'Quora Answers',
    description: 'Write a helpful, credible answer to a Quora question that readers will want to upvote.',
    category: ['Social Media', 'Content', 'Marketing'],
    isFree: false,
    fields: [
      keywordsField(
        'What is the question?',
        'e.g. What is the best way to stay productive when working from home?',
        1000,
      ),
      extraArea(
        'extra1',
        'Your experience or points to include',
        'e.g. I have run a remote team for six years; time-blocking changed everything',
        1000,
      ),
      extraField('extra2', 'Your background or credentials', 'e.g. Engineering manager at a remote-first startup', 200),
      hostedToneField(),
      lengthField(),
    ],
    prompt: `Write a Quora answer to this question: {{keywords}}{{#extra1}}
Draw on this experience or include these points: {{extra1}}{{/extra1}}{{#extra2}}
The person answering: {{extra2}}{{/extra2}}
Answer the question directly in the first sentence, then back it up with reasoning, a concrete example or personal experience, and practical advice the reader can use. Use short paragraphs, avoid self-promotion and links, and end with a one-line summary.`,
    builtin: [
      `{{Topic}}

Short answer: a few fundamentals matter far more than any trick, and most people skip them.
{{#extra2}}

A bit of context on where I'm coming from: {{extra2}}
{{/extra2}}
{{#extra1}}

From my own experience: {{extra1}}
{{/extra1}}

What I would focus on:
1. Get clear on the result you actually want, in one sentence.
2. Find the one change that removes the most friction, and make it first.
3. Stick with it long enough to see results before judging it.
{{^isShort}}

Why this works: each step is small enough to start today, and together they remove the biggest sources of friction. The mistake I see most often is trying to change everything at once and giving up after a week.
{{/isShort}}
{{#isLong}}

If you want a simple plan, try the first step for two weeks and write down what changes. Then add the next one. It is slower than a complete overhaul, but it is the approach that actually sticks.
{{/isLong}}

In short: start with the basics, be consistent, and adjust as you learn.`,
      `> {{Topic}}

Great question, and one I get asked a lot{{#extra2}} in my work ({{extra2}}){{/extra2}}.

The honest answer is that it depends less on talent or tools and more on habits. When people ask me this, I point them to three:
• Start smaller than feels necessary
• Measure what changes, even roughly
• Ask someone who has already done it
{{#extra1}}

What made the difference for me: {{extra1}}
{{/extra1}}
{{^isShort}}

None of this is glamorous, but it compounds. A little progress every week adds up to a big difference over a few months.
{{/isShort}}
{{#isLong}}

One last piece of advice: ignore anyone promising instant results. Look for approaches that other people have used for years, adapt them to your situation, and measure what happens.
{{/isLong}}

Hope this helps, and good luck!`,
    ],
  },
  {
    slug: 'twitter-post',
    title: 'Twitter Post',
    description: 'Write punchy posts for X (Twitter) that fit in 280 characters and invite replies.',
    category: ['Social Media', 'Marketing'],
    isFree: true,
    fields: [
      keywordsField('What is your tweet about?', 'e.g. We just shipped dark mode after 200 requests', 1000),
      extraField('extra1', 'Hashtags or mentions', 'e.g. #buildinpublic @northwind', 200),
      hostedToneField(),
    ],
    prompt: `Write 3 alternative posts for X (Twitter) about: {{keywords}}{{#extra1}}
Include these hashtags or mentions: {{extra1}}{{/extra1}}
Each post must stay under 280 characters, lead with its most interesting point, use at most two hashtags, and sound like a real person rather than a press release. Vary the angle: one opinion, one practical tip and one question.`,
    builtin: [
      `Hot take on {{topic}} 👇

Small, consistent changes beat big plans every single time.{{#extra1}} {{extra1}}{{/extra1}}`,
      `Things I wish I'd known sooner about {{topic}}:{{#keywordList}}
→ {{item}}{{/keywordList}}

What would you add?{{#extra1}} {{extra1}}{{/extra1}}`,
      `Nobody talks about this enough: {{topic}}

Get the basics right and everything else gets easier. Agree or disagree?{{#extra1}}

{{extra1}}{{/extra1}}`,
    ],
  },
  {
    slug: 'podcast-episode-title-generator',
    title: 'Podcast Episode Title Generator',
    description: 'Generate podcast episode titles that make the topic clear and make listeners curious.',
    category: ['Social Media', 'Content'],
    isFree: true,
    fields: [
      keywordsField('Episode description or summary', 'e.g. Discussion about the future of AI in healthcare', 2000),
      extraField('extra1', 'Guest name', 'e.g. Dr. Amara Lee', 100),
      hostedToneField('e.g. professional, funny, witty'),
    ],
    prompt: `Suggest 10 podcast episode titles for this episode: {{keywords}}{{#extra1}}
Guest: {{extra1}} (use the name in a few of the titles){{/extra1}}
Keep each title under 60 characters, make the benefit or the intrigue obvious at a glance, and mix formats: question, bold claim, how-to, number, and a short quote-style line. Avoid generic titles that could fit any episode.`,
    builtin: [
      `1. What Happens Next? {{Topic}}
2. The Real Story: {{Topic}}
3. Without the Hype: {{Topic}}
4. Everything You Got Wrong | {{Topic}}{{#extra1}}
5. {{extra1}} on What Comes Next
6. "It Changes Everything", with {{extra1}}{{/extra1}}`,
      `{{#keywordList}}
- The Conversation We Needed: {{item}}
- Myths, Facts and What Comes Next: {{item}}
{{/keywordList}}
- Ask the Hard Questions: {{Topic}}{{#extra1}}
- In Conversation With {{extra1}}{{/extra1}}`,
    ],
  },
  {
    slug: 'podcast-episode-description-generator',
    title: 'Podcast Episode Description Generator',
    description:
      'Write a podcast episode description that hooks listeners in the first line and lists what the episode covers.',
    category: ['Social Media', 'Content', 'Marketing'],
    isFree: false,
    fields: [
      keywordsField('Episode summary', 'e.g. Discussion about the future of AI in healthcare', 2000),
      extraField('extra1', 'Guest name and role', 'e.g. Dr. Amara Lee, Chief Medical Officer at CareAI', 200),
      extraField('extra2', 'Podcast name', 'e.g. The Future Clinic', 100),
      hostedToneField('e.g. professional, funny, witty'),
    ],
    prompt: `Write a podcast episode description for this episode: {{keywords}}{{#extra1}}
Guest: {{extra1}}{{/extra1}}{{#extra2}}
Podcast: {{extra2}}{{/extra2}}
Make the first sentence a hook that works on its own, since apps show only the first 150 characters or so. Then summarise what listeners will learn in two or three sentences, list 3 to 5 topics covered as bullet points, and close with an invitation to follow and rate the show.`,
    builtin: [
      `New episode: {{Topic}}

In this episode{{#extra2}} of {{extra2}}{{/extra2}}, we dig into the questions that matter{{#extra1}} with {{extra1}}{{/extra1}}: what is changing, what is not, and what it means for you.

Topics covered:{{#keywordList}}
• {{item}}{{/keywordList}}
• What to watch out for in the year ahead

Follow the show so you never miss an episode, and leave a rating if you enjoyed it.`,
      `{{Topic}}: the conversation everyone is having, minus the hype.

{{#extra1}}Our guest, {{extra1}}, joins us{{/extra1}}{{^extra1}}We sit down{{/extra1}} to unpack what is changing, what is not, and what it means for you.

You'll hear about:{{#keywordList}}
- {{item}}{{/keywordList}}

{{#extra2}}New episodes of {{extra2}} every week. {{/extra2}}Subscribe wherever you listen, and share this episode with someone who'd enjoy it.`,
    ],
  },
  {
    slug: 'pinterest-pin-description',
    title: 'Pinterest Pin Description',
    description: 'Write a keyword-rich Pinterest pin title and description that gets saves and clicks.',
    category: ['Social Media', 'Marketing'],
    isFree: true,
    fields: [
      keywordsField('What is your pin about?', 'e.g. Small balcony garden ideas for renters', 1000),
      extraField('extra1', 'Website or brand', 'e.g. greenbalcony.example', 100),
      extraField('extra2', 'Call to action', 'e.g. Click through for the free planting calendar', 200),
      toneField(),
    ],
    prompt: `Write a Pinterest pin title (at most 100 characters) and description (at most 500 characters) for a pin about: {{keywords}}{{#extra1}}
Website or brand: {{extra1}}{{/extra1}}{{#extra2}}
Call to action: {{extra2}}{{/extra2}}
Front-load the words people would type into Pinterest search, describe what the reader gets when they click through, write in natural sentences rather than a list of keywords, and end with 2 to 4 relevant hashtags.`,
    builtin: [
      `Pin title: {{Topic}} Ideas Worth Saving

Description: Simple, practical ideas for {{topic}} that you can start using today.{{#extra1}} Find the full guide on {{extra1}}.{{/extra1}} {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}Save this pin so it is there when you need it.{{/extra2}}`,
      `{{Topic}}: a quick visual guide 📌

Inside:{{#keywordList}}
✓ {{item}}{{/keywordList}}

{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}Tap through for the details and save it to your board for later.{{/extra2}}{{#extra1}}
More ideas at {{extra1}}{{/extra1}}`,
    ],
  },
  {
    slug: 'reddit-post',
    title: 'Reddit Post',
    description: 'Write a Reddit post that reads like a genuine community member and starts a real discussion.',
    category: ['Social Media'],
    isFree: true,
    fields: [
      keywordsField('What do you want to post about?', 'e.g. Switching our five-person team to a four-day week', 1000),
      extraField('extra1', 'Subreddit', 'e.g. r/smallbusiness', 100),
      radioField('extra2', 'Post type', ['Discussion', 'Question', 'Story', 'Guide'], 'Discussion'),
      toneField('e.g. candid, humble, curious'),
      lengthField(),
    ],
    prompt: `Write a Reddit post about: {{keywords}}{{#extra1}}
Subreddit: {{extra1}} (follow the usual etiquette of that community){{/extra1}}{{#extra2}}
Post type: {{extra2}}{{/extra2}}
Write a specific, honest title (no clickbait) and a body that gives real context and details, reads like a genuine community member rather than a brand, contains no promotional links, and ends with a clear question or an invitation to share experiences. If the body runs to several paragraphs, add a one-line TL;DR at the end.`,
    builtin: [
      `Title: {{#extra2}}[{{extra2}}] {{/extra2}}What has actually worked for you with {{topic}}?

{{#extra1}}Long-time lurker in {{extra1}}, first real post.{{/extra1}}{{^extra1}}First real post here, so go easy on me.{{/extra1}} I have been thinking a lot about {{topic}} lately and would love to hear from people who have been through it.
{{^isShort}}

Where I am right now:{{#keywordList}}
- {{item}}{{/keywordList}}

I have read the usual advice, but most of it feels written by people who have never had to do it themselves.
{{/isShort}}
{{#isLong}}

What I have tried so far: small experiments, one change at a time, keeping notes on what helped. Some of it worked, some of it clearly did not, and I am not sure yet which results will last.

TL;DR: looking for real-world experience with {{topic}}, not theory.
{{/isLong}}

What would you do differently if you were starting today?`,
      `Title: I spent the last few months on {{topic}}. Here's what I learned

{{#extra2}}Flair: {{extra2}}

{{/extra2}}Sharing this in case it helps someone{{#extra1}} in {{extra1}}{{/extra1}}. No links, nothing to sell.
{{^isShort}}

The short version:{{#keywordList}}
{{index}}. {{item}}{{/keywordList}}

The biggest surprise was how much the small things mattered compared with the big decisions.
{{/isShort}}
{{#isLong}}

What I would tell my past self: start smaller than you think, write down what you expect to happen, and check back after a month. It is the only way to know whether a change really helped.

TL;DR: {{topic}} is worth it, but go slowly and measure.
{{/isLong}}

Happy to answer questions in the comments.`,
    ],
  },
  {
    slug: 'threads-post',
    title: 'Threads Post',
    description: "Write a casual, conversational post for Meta's Threads app that sparks replies.",
    category: ['Social Media'],
    isFree: true,
    fields: [
      keywordsField('What is your post about?', 'e.g. Finally organised my desk and I feel like a new person', 1000),
      extraField(
        'extra1',
        'Question for your followers',
        'e.g. What is the one item on your desk you cannot live without?',
        200,
      ),
      toneField('e.g. casual, funny, warm'),
    ],
    prompt: `Write 3 alternative posts for Threads (Meta's app) about: {{keywords}}{{#extra1}}
End with this question for followers: {{extra1}}{{/extra1}}
Keep each under 500 characters, write casually as if talking to friends, lead with an opinion or a relatable observation, use no more than one topic tag, and end with something that invites replies.`,
    builtin: [
      `Unpopular opinion: {{topic}} is underrated.

Not in a big, life-changing way. In a quiet, "why didn't I do this sooner" way.

{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}Anyone else, or just me?{{/extra1}}`,
      `Small thing that made my week: {{topic}} ✨
{{#keywordList}}
• {{item}}
{{/keywordList}}

{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}Tell me yours 👇{{/extra1}}`,
    ],
  },
  {
    slug: 'carousel-post-outline',
    title: 'Carousel Post Outline',
    description: 'Plan a slide-by-slide carousel for Instagram or LinkedIn, with copy, visuals and a caption.',
    category: ['Social Media', 'Marketing'],
    isFree: false,
    fields: [
      keywordsField('What is your carousel about?', 'e.g. 5 ways to run shorter meetings', 1000),
      extraField('extra1', 'Platform', 'e.g. Instagram or LinkedIn', 50),
      extraField('extra2', 'Call to action for the last slide', 'e.g. Follow for a new tip every week', 200),
      toneField(),
    ],
    prompt: `Plan a carousel post about: {{keywords}}{{#extra1}}
Platform: {{extra1}}{{/extra1}}{{#extra2}}
Final slide call to action: {{extra2}}{{/extra2}}
Give slide-by-slide copy: slide 1 is a bold hook headline of at most 8 words, then one idea per slide with a short headline and no more than 25 words of supporting text, a recap slide, and a final slide with the call to action. Suggest a simple visual for each slide, then write the caption to post with the carousel.`,
    builtin: [
      `Slide 1 (hook)
{{Topic}}: what actually works 👉
Visual: bold headline on a plain background

{{#keywordList}}
Idea slide {{index}}
Headline: {{item}}
Text: why it matters and one thing to try this week.
Visual: a simple icon or photo for {{item}}

{{/keywordList}}
Recap slide
Save this so you can come back to it.

Last slide
{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}Follow for more, and share this with your team.{{/extra2}}

Caption: Swipe through for a practical guide to {{topic}}{{#extra1}}, made for {{extra1}}{{/extra1}}. Which slide is most useful to you?`,
      `COVER: Stop guessing about {{topic}}
(Swipe →)

{{#keywordList}}
{{item}}
The idea in one line, plus a real example.

{{/keywordList}}
TL;DR{{#keywordList}}
✓ {{item}}{{/keywordList}}

CTA: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}Like, save and share if this helped.{{/extra2}}
{{#extra1}}
Format tip for {{extra1}}: keep text large, one idea per slide, and the same layout throughout.
{{/extra1}}`,
    ],
  },
  {
    slug: 'social-media-giveaway-post',
    title: 'Giveaway Announcement Post',
    description: 'Announce a social media giveaway with the prize, clear entry steps, the deadline and the rules.',
    category: ['Social Media', 'Marketing'],
    isFree: false,
    fields: [
      keywordsField('What are you giving away?', 'e.g. A year of free coffee from our roastery', 1000),
      extraArea('extra1', 'How to enter', 'e.g. Follow us, like this post and tag two friends', 500),
      extraField('extra2', 'Closing date', 'e.g. Sunday 30 June at midnight', 100),
      extraField('extra3', 'Brand or account name', 'e.g. Corner Café', 100),
      toneField('e.g. exciting, playful, warm'),
    ],
    prompt: `Write a social media giveaway announcement for this prize: {{keywords}}{{#extra1}}
How to enter: {{extra1}}{{/extra1}}{{#extra2}}
Closing date: {{extra2}}{{/extra2}}{{#extra3}}
Hosted by: {{extra3}}{{/extra3}}
Open with an exciting hook that names the prize, list the entry steps as numbered points, state when entries close and how and when the winner will be picked and announced, and end with a short line saying the giveaway is not sponsored or endorsed by the platform and that terms apply.`,
    builtin: [
      `🎉 GIVEAWAY 🎉

We're giving away {{topic}}!

How to enter:
{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}1. Follow {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}our account{{/extra3}}
2. Like this post
3. Tag a friend who would love this in the comments{{/extra1}}

{{#extra2}}Entries close {{extra2}}.{{/extra2}}{{^extra2}}Entries close soon, so don't wait!{{/extra2}} The winner will be picked at random and contacted by direct message.

This giveaway is not sponsored, endorsed or administered by the platform. Terms apply.`,
      `You asked, we listened: it's giveaway time ✨

Up for grabs: {{topic}}{{#extra3}}, courtesy of {{extra3}}{{/extra3}}.

To enter{{#extra1}}: {{extra1}}{{/extra1}}{{^extra1}}, follow us, like this post and tell us in the comments why you'd love to win{{/extra1}}.
{{#extra2}}
⏰ Closes {{extra2}}
{{/extra2}}

We'll announce the winner in our stories. Good luck!

Not affiliated with or endorsed by the platform. Terms apply.`,
    ],
  },
  {
    slug: 'instagram-story-ideas',
    title: 'Instagram Story Ideas',
    description: 'Plan a sequence of Instagram Stories with visuals, on-screen text and interactive stickers.',
    category: ['Social Media', 'Marketing'],
    isFree: false,
    fields: [
      keywordsField('What is your account or campaign about?', 'e.g. Launch week of our handmade candle shop', 1000),
      extraField('extra1', 'Goal of the Stories', 'e.g. get sign-ups for our workshop', 200),
      toneField('e.g. playful, behind-the-scenes, calm'),
    ],
    prompt: `Plan a sequence of 5 to 7 Instagram Stories frames about: {{keywords}}{{#extra1}}
Goal: {{extra1}}{{/extra1}}
For each frame give the visual (photo, short clip or plain background), the on-screen text in at most 12 words, and an interactive sticker where it fits (poll, quiz, question box, countdown, slider or link). Build the sequence like a mini story, with a hook frame first and a clear action on the last frame.`,
    builtin: [
      `Frame 1: hook
Visual: close-up, quick movement
Text: "Something new is happening 👀"

Frame 2: context
Text: "This week is all about {{topic}}"

{{#keywordList}}
Frame: {{item}}
Visual: behind-the-scenes clip
Text: "{{item}}: here's how we do it"
Sticker: poll, "Did you know this?"

{{/keywordList}}
Last frame
{{#extra1}}Text: "Want in? Tap the link" (goal: {{extra1}}){{/extra1}}{{^extra1}}Text: "Questions? Ask us anything"{{/extra1}}
Sticker: {{#extra1}}link{{/extra1}}{{^extra1}}question box{{/extra1}}`,
      `Story sequence: {{Topic}}

- Countdown sticker teasing {{topic}}
- Quiz: "Guess what we're working on?"{{#keywordList}}
- Quick clip showing {{item}}, with an emoji slider{{/keywordList}}
- Question box: "What would you like to know?"
- Final frame: {{#extra1}}a clear nudge to {{extra1}}{{/extra1}}{{^extra1}}ask viewers to turn on notifications{{/extra1}}`,
    ],
  },
];
