import type { PresetDefinition } from '../preset-types.js';
import { extraArea, extraField, keywordsField, lengthField, radioField, toneField } from './fields.js';

export const otherPresets: PresetDefinition[] = [
  {
    slug: 'custom-generator',
    title: 'Custom Generator',
    description: 'Describe exactly what you need and get a first draft of any kind of text.',
    category: ['Other'],
    isFree: true,
    fields: [
      keywordsField('What do you want to write?', 'e.g. A short welcome message for new members of our running club', 5000),
      extraArea('extra1', 'Context and details', 'e.g. we meet Tuesdays at 7pm, all levels welcome', 1000),
      extraField('extra2', 'Format', 'e.g. email, bullet list, short story', 200),
      toneField(),
      lengthField(),
    ],
    prompt: `{{keywords}}
{{#extra1}}

Context and details: {{extra1}}
{{/extra1}}
{{#extra2}}
Format: {{extra2}}
{{/extra2}}

Follow the request above carefully and return only the requested text, ready to use.`,
    builtin: [
      `{{Topic}}

{{#extra1}}
{{extra1}}

{{/extra1}}
{{#keywordList}}
• {{item}}
{{/keywordList}}

{{^isShort}}
There is more to say about each of these, and the best place to start is with whatever matters most to the reader right now.

{{/isShort}}
{{#isLong}}
A good next step is to add one concrete example or detail under each point, so the text feels specific rather than general.

{{/isLong}}`,
      `Writing plan: {{Topic}}{{#extra2}}
Format: {{extra2}}{{/extra2}}{{#extra1}}
To include: {{extra1}}{{/extra1}}

Opening
Say in one sentence what this is about and why it matters to the reader.

Main part{{#keywordList}}
- {{item}}{{/keywordList}}
{{^isShort}}
Add one concrete detail or example under each point.
{{/isShort}}

Closing
Thank the reader and tell them what happens next.`,
    ],
  },
  {
    slug: 'speech-writer',
    title: 'Speech Writer',
    description: 'Write a speech for any occasion, with a strong opening, clear message and memorable close.',
    category: ['Other', 'Business'],
    isFree: false,
    fields: [
      keywordsField('Occasion and main message', 'e.g. Team celebration after a record year: thank everyone, look ahead', 2000),
      extraField('extra1', 'Audience', 'e.g. 80 employees and their families', 200),
      extraField('extra2', 'Speaker', 'e.g. Ana, the CEO', 200),
      extraArea('extra3', 'Stories or points to include', 'e.g. the night the servers went down and everyone stayed', 1000),
      toneField('e.g. inspiring, humorous, heartfelt'),
      lengthField(),
    ],
    prompt: `Write a speech for this occasion and message: {{keywords}}{{#extra1}}
Audience: {{extra1}}{{/extra1}}{{#extra2}}
Speaker: {{extra2}}{{/extra2}}{{#extra3}}
Stories or points to include: {{extra3}}{{/extra3}}
Write it to be spoken aloud: a strong opening, one clear central message, a story or example, short sentences, natural pauses, and a memorable closing line.`,
    builtin: [
      `Good evening, everyone{{#extra1}}, and welcome to all of you, {{extra1}}{{/extra1}}.

{{#extra2}}For those who don't know me, I'm {{extra2}}. {{/extra2}}We are here today because of {{topic}}, and I want to take a few minutes to say what that means to me.

{{#extra3}}
I keep thinking about one moment: {{extra3}}. That, to me, says everything about who we are.

{{/extra3}}
{{^isShort}}
None of this happened by accident. It happened because people showed up, helped each other and kept going when it would have been easier to stop.

{{/isShort}}
{{#isLong}}
So as we look ahead, let's bring the same spirit with us: the curiosity, the care and the willingness to try. If we do, the best is still to come.

{{/isLong}}
Thank you. Please raise your glasses: to all of you!`,
      `[Pause, look around the room]

What a year it has been. Today is about {{topic}}.

{{#keywordList}}
{{item}}: this is worth celebrating, and worth remembering.
{{/keywordList}}

{{#extra3}}
Let me share a story. {{extra3}}.

{{/extra3}}
{{^isShort}}
[Slow down here]
When I think about what comes next, I am not worried. I am excited, because of the people in this room.

{{/isShort}}
Thank you{{#extra1}}, {{extra1}}{{/extra1}}. Let's make the next chapter even better.`,
    ],
  },
  {
    slug: 'birthday-wishes',
    title: 'Birthday Wishes',
    description: 'Write a warm, personal birthday message for a card, text or social post.',
    category: ['Other'],
    isFree: true,
    fields: [
      keywordsField('What is the person like?', 'e.g. loves hiking, terrible at puns, always there for friends', 1000),
      extraField('extra1', 'Their name', 'e.g. Lena', 100),
      extraField('extra2', 'Your relationship', 'e.g. best friend since school', 200),
      toneField('e.g. funny, heartfelt, short and sweet'),
    ],
    prompt: `Write three birthday messages for someone described like this: {{keywords}}{{#extra1}}
Their name: {{extra1}}{{/extra1}}{{#extra2}}
Relationship: {{extra2}}{{/extra2}}
Make them personal by referring to the details above, keep each to two to four sentences, and make each one a little different in style.`,
    builtin: [
      `Happy birthday{{#extra1}}, {{extra1}}{{/extra1}}! 🎉

Here's to you and everything that makes you you: {{topic}}. I hope this year brings you as much joy as you bring everyone around you.{{#extra2}} Lucky to have you as my {{extra2}}.{{/extra2}}`,
      `To {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}the birthday star{{/extra1}} 🎂

Another year older and still wonderfully you. May your day be full of {{#keywordList}}{{item}}, {{/keywordList}}and plenty of cake.

With love{{#extra2}}, from your {{extra2}}{{/extra2}}`,
    ],
  },
  {
    slug: 'thank-you-note',
    title: 'Thank-You Note',
    description: 'Write a sincere thank-you note for a gift, favour or kind gesture.',
    category: ['Other', 'Business'],
    isFree: true,
    fields: [
      keywordsField('What are you thanking them for?', 'e.g. looking after our dog for a week', 1000),
      extraField('extra1', 'Their name', 'e.g. Mrs Patel', 100),
      extraField('extra2', 'Your name', 'e.g. Sam and Alex', 100),
      toneField(),
    ],
    prompt: `Write a thank-you note for: {{keywords}}{{#extra1}}
To: {{extra1}}{{/extra1}}{{#extra2}}
From: {{extra2}}{{/extra2}}
Say thank you specifically, mention what difference it made, and end warmly. Keep it to a short paragraph.`,
    builtin: [
      `Dear {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}friend{{/extra1}},

Thank you so much for {{topic}}. It meant a great deal, and it made a real difference to us. We are very grateful.

With warm wishes,
{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}[Your name]{{/extra2}}`,
      `Hi {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}there{{/extra1}},

Just a quick note to say a huge thank you for {{topic}}. You really didn't have to, and that makes it mean even more.

I owe you one!
{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}[Your name]{{/extra2}}`,
    ],
  },
  {
    slug: 'event-invitation',
    title: 'Event Invitation',
    description: 'Write an inviting message for a party, meeting, launch or community event.',
    category: ['Other', 'Marketing'],
    isFree: true,
    fields: [
      keywordsField('Event and purpose', 'e.g. Summer team barbecue to celebrate the launch', 1000),
      extraField('extra1', 'Date and time', 'e.g. Friday 12 July, from 5pm', 200),
      extraField('extra2', 'Location', 'e.g. Riverside Park, by the boathouse', 200),
      extraField('extra3', 'How to RSVP', 'e.g. reply by 5 July', 200),
      toneField(),
    ],
    prompt: `Write an invitation for: {{keywords}}{{#extra1}}
Date and time: {{extra1}}{{/extra1}}{{#extra2}}
Location: {{extra2}}{{/extra2}}{{#extra3}}
RSVP: {{extra3}}{{/extra3}}
Make the reader want to come, give the key details (what, when, where) in an easy-to-scan block, and finish with how to RSVP.`,
    builtin: [
      `You're invited! 🎈

Join us for {{topic}}.

{{#extra1}}
📅 When: {{extra1}}
{{/extra1}}
{{#extra2}}
📍 Where: {{extra2}}
{{/extra2}}

It wouldn't be the same without you.
{{#extra3}}
RSVP: {{extra3}}
{{/extra3}}`,
      `Save the date

{{Topic}}
{{#extra1}}{{extra1}}{{/extra1}}{{#extra2}} · {{extra2}}{{/extra2}}

We would love to see you there. Bring your good mood, and feel free to bring a friend.

{{#extra3}}Please RSVP: {{extra3}}{{/extra3}}{{^extra3}}Let us know if you can make it!{{/extra3}}`,
    ],
  },
  {
    slug: 'poem-generator',
    title: 'Poem Generator',
    description: 'Write a short poem about any subject, person or moment.',
    category: ['Other', 'Content'],
    isFree: true,
    fields: [
      keywordsField('What is the poem about?', 'e.g. the first snow of winter', 1000),
      radioField('extra1', 'Style', ['Free verse', 'Rhyming', 'Haiku', 'Limerick'], 'Free verse'),
      toneField('e.g. nostalgic, playful, hopeful'),
    ],
    prompt: `Write a poem about: {{keywords}}{{#extra1}}
Style: {{extra1}}{{/extra1}}
Use vivid, concrete images rather than abstract statements, give it a title, and end on a line that lingers.`,
    builtin: [
      `{{Topic}}

It arrives the way morning does,
quietly, and then all at once.{{#keywordList}}
I keep a little of {{item}}{{/keywordList}}
in the pocket closest to my heart,
and when the days grow loud and long,
I take it out, and start.`,
      `On {{topic}}

Some things are never written down,
they live in how we stand and see.{{#keywordList}}
And {{item}} hums beneath the noise,{{/keywordList}}
a tune that's always been, and still will be.`,
    ],
  },
  {
    slug: 'personal-bio',
    title: 'Personal Bio',
    description: 'Write a short personal bio for a website, speaker profile or social account.',
    category: ['Other', 'Resume'],
    isFree: true,
    fields: [
      keywordsField('About you', 'e.g. UX designer, 10 years in fintech, runs a design podcast, loves sailing', 1000),
      extraField('extra1', 'Your name', 'e.g. Maya Chen', 100),
      extraField('extra2', 'Where it will be used', 'e.g. conference speaker page', 200),
    ],
    prompt: `Write two short personal bios, one in the first person and one in the third person, based on: {{keywords}}{{#extra1}}
Name: {{extra1}}{{/extra1}}{{#extra2}}
Where it will be used: {{extra2}}{{/extra2}}
Lead with what the person does and their expertise, add one achievement or credential and one personal touch, and keep each bio under 100 words.`,
    builtin: [
      `About {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[Name]{{/extra1}}

{{Topic}}

Colleagues describe {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}them{{/extra1}} as thoughtful, practical and generous with what they know. Outside work, you are most likely to find {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}them{{/extra1}} learning something new.`,
      `Hi, I'm {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[Name]{{/extra1}}. A few things about me:{{#keywordList}}
- {{item}}{{/keywordList}}
I love meeting people who share these interests, so feel free to say hello.`,
    ],
  },
  {
    slug: 'recipe-writer',
    title: 'Recipe Writer',
    description: 'Write a clear recipe with ingredients, quantities and step-by-step instructions.',
    category: ['Other', 'Content'],
    isFree: false,
    fields: [
      keywordsField('Dish or ingredients you have', 'e.g. chickpeas, spinach, coconut milk, rice', 1000),
      extraField('extra1', 'Servings', 'e.g. 4 people', 50),
      extraField('extra2', 'Dietary needs', 'e.g. vegan, gluten-free', 200),
      extraField('extra3', 'Time available', 'e.g. 30 minutes', 50),
    ],
    prompt: `Write a recipe using or for: {{keywords}}{{#extra1}}
Servings: {{extra1}}{{/extra1}}{{#extra2}}
Dietary needs: {{extra2}}{{/extra2}}{{#extra3}}
Time available: {{extra3}}{{/extra3}}
Give it a title, a one-line description, prep and cooking times, an ingredient list with quantities, numbered steps, and one serving tip.`,
    builtin: [
      `{{Topic}}: a simple home-cooked dish{{#extra1}}
Serves: {{extra1}}{{/extra1}}{{#extra3}}
Ready in: {{extra3}}{{/extra3}}{{#extra2}}
Suitable for: {{extra2}}{{/extra2}}

Ingredients{{#keywordList}}
- {{item}} (quantity to taste){{/keywordList}}
- Salt, pepper and a little oil

Method
1. Prepare all the ingredients: wash, chop and measure before you start.
2. Heat the oil in a large pan over medium heat.
3. Add the ingredients that take longest to cook first, then the rest.
4. Season, taste and adjust.
5. Serve hot.

Tip: a squeeze of lemon or a handful of fresh herbs at the end lifts almost any dish.`,
      `What you need{{#keywordList}}
☐ {{item}}{{/keywordList}}

How to make it
Start by getting everything ready, then cook gently, adding each ingredient in turn and tasting as you go.{{#extra3}} Plan for about {{extra3}} in total.{{/extra3}}{{#extra2}} Keep it {{extra2}} by checking every label.{{/extra2}}

{{#extra1}}Makes enough for {{extra1}}. {{/extra1}}Leftovers keep in the fridge for up to two days.`,
    ],
  },
  {
    slug: 'travel-itinerary',
    title: 'Travel Itinerary',
    description: 'Plan a day-by-day travel itinerary around your interests, budget and pace.',
    category: ['Other'],
    isFree: false,
    fields: [
      keywordsField('Destination and interests', 'e.g. Lisbon: food, viewpoints, tiles, day trip to Sintra', 1000),
      extraField('extra1', 'Trip duration', 'e.g. 4 days', 50),
      extraField('extra2', 'Budget', 'e.g. mid-range', 100),
      extraField('extra3', 'Travel style', 'e.g. relaxed pace, travelling with kids', 200),
      lengthField(),
    ],
    prompt: `Plan a travel itinerary for: {{keywords}}{{#extra1}}
Trip duration: {{extra1}}{{/extra1}}{{#extra2}}
Budget: {{extra2}}{{/extra2}}{{#extra3}}
Travel style: {{extra3}}{{/extra3}}
Give a day-by-day plan with morning, afternoon and evening suggestions, group nearby places together, include meal ideas and practical tips, and add a note to check opening hours and prices before going.`,
    builtin: [
      `Itinerary: {{Topic}}{{#extra1}} ({{extra1}}){{/extra1}}{{#extra2}}
Budget: {{extra2}}{{/extra2}}{{#extra3}}
Style: {{extra3}}{{/extra3}}

{{#keywordList}}
Day {{index}}: {{item}}
  Morning: start early with {{item}} before the crowds arrive
{{^isShort}}
  Afternoon: explore the surrounding area on foot and stop for a long lunch
  Evening: dinner somewhere local, ask your host for a favourite
{{/isShort}}

{{/keywordList}}
Before you go: check opening hours, book popular spots in advance and keep one slot free for surprises.`,
      `Trip plan for {{topic}}

Must-dos{{#keywordList}}
★ {{item}}{{/keywordList}}

Suggested rhythm{{#extra3}} ({{extra3}}){{/extra3}}
- One big sight per morning
- Slow afternoons: cafés, markets, a walk
- Evenings for food and viewpoints
{{#isLong}}

Practical tips
- Buy a transport card on day one
- Carry water and comfortable shoes
- Prices and opening hours change, so check them the day before
{{/isLong}}`,
    ],
  },
  {
    slug: 'gift-ideas',
    title: 'Gift Ideas',
    description: 'Brainstorm thoughtful gift ideas based on the person\'s interests and your budget.',
    category: ['Other'],
    isFree: true,
    fields: [
      keywordsField('Their interests', 'e.g. gardening, jazz, cooking Italian food', 1000),
      extraField('extra1', 'Occasion', 'e.g. 60th birthday', 100),
      extraField('extra2', 'Budget', 'e.g. up to €50', 100),
    ],
    prompt: `Suggest 10 gift ideas for someone interested in: {{keywords}}{{#extra1}}
Occasion: {{extra1}}{{/extra1}}{{#extra2}}
Budget: {{extra2}}{{/extra2}}
Mix physical gifts, experiences and personal or handmade ideas, give a one-line reason for each, and avoid generic gifts that ignore the interests.`,
    builtin: [
      `Gift ideas{{#extra1}} for a {{extra1}}{{/extra1}}{{#extra2}} ({{extra2}}){{/extra2}}

{{#keywordList}}
For the love of {{item}}
- A beautifully made tool or accessory for {{item}}
- A class, workshop or experience around {{item}}
- A book or subscription by someone they admire in {{item}}

{{/keywordList}}
Personal touch: add a handwritten note about a memory you share.`,
      `{{#keywordList}}
🎁 {{item}}: an experience they would not book for themselves
{{/keywordList}}
🎁 A "coupon book" of things you'll do together
🎁 A framed photo from a favourite day
{{#extra2}}

All ideas can be adapted to stay within {{extra2}}.
{{/extra2}}`,
    ],
  },
  {
    slug: 'condolence-message',
    title: 'Condolence Message',
    description: 'Write a gentle, sincere condolence message for a card, email or text.',
    category: ['Other'],
    isFree: true,
    fields: [
      keywordsField('Who passed away?', 'e.g. your father, Robert', 1000),
      extraField('extra1', 'Recipient name', 'e.g. Tom', 100),
      extraArea('extra2', 'A memory or quality to mention', 'e.g. his kindness to everyone at the office party', 500),
    ],
    prompt: `Write a condolence message about the loss of: {{keywords}}{{#extra1}}
Recipient: {{extra1}}{{/extra1}}{{#extra2}}
A memory or quality to mention: {{extra2}}{{/extra2}}
Keep it short, sincere and gentle. Avoid clichés about reasons or better places, and offer specific, practical support if appropriate.`,
    builtin: [
      `Dear {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[Name]{{/extra1}},

I was so sorry to hear about the loss of {{topic}}.{{#extra2}} I will always remember {{extra2}}.{{/extra2}}

Please know that I am thinking of you, and that I am here if you need anything at all, whether that's a chat, a meal or simply some quiet company.

With love and sympathy`,
      `{{#extra1}}{{extra1}}, I'm{{/extra1}}{{^extra1}}I'm{{/extra1}} so sorry. I was heartbroken to hear about {{topic}}. There are no right words, but I wanted you to know I'm thinking of you.
{{#extra2}}

I keep thinking of {{extra2}}. That is how I will remember it.
{{/extra2}}

No need to reply. Take all the time you need.`,
    ],
  },
  {
    slug: 'wedding-toast',
    title: 'Wedding Toast',
    description: 'Write a heartfelt, funny wedding toast or best-man and maid-of-honour speech.',
    category: ['Other'],
    isFree: false,
    fields: [
      keywordsField('The couple\'s names', 'e.g. Ana and Ben', 300),
      extraArea('extra1', 'Stories and memories', 'e.g. how they met at a pub quiz, Ben\'s terrible dancing', 1000),
      extraField('extra2', 'Your name', 'e.g. Sofia', 100),
      extraField('extra3', 'Your relationship to the couple', 'e.g. Ana\'s sister', 200),
      toneField('e.g. funny, heartfelt, both'),
      lengthField(),
    ],
    prompt: `Write a wedding toast for the couple: {{keywords}}{{#extra1}}
Stories and memories to use: {{extra1}}{{/extra1}}{{#extra2}}
Speaker: {{extra2}}{{/extra2}}{{#extra3}}
Speaker's relationship to the couple: {{extra3}}{{/extra3}}
Introduce the speaker, share one or two stories, say something sincere about the couple together, keep the humour kind, and end by inviting everyone to raise a glass.`,
    builtin: [
      `Good evening, everyone! {{#extra2}}For those who don't know me, I'm {{extra2}}{{#extra3}}, {{extra3}}{{/extra3}}. {{/extra2}}{{^extra2}}{{#extra3}}For those who don't know me, I'm {{extra3}}. {{/extra3}}{{/extra2}}Tonight we celebrate {{topic}}.

I have to say, I've been looking forward to this moment for a long time, partly to celebrate, and partly because it is the only time everyone has to listen to me.

{{#extra1}}
There are so many stories I could tell, but I'll stick to the ones that won't get me uninvited: {{extra1}}.

{{/extra1}}
{{^isShort}}
What I love most about the two of you is how you make each other better. You laugh at the same things, you look out for each other, and you make everyone around you feel at home.

{{/isShort}}
{{#isLong}}
Marriage is a long conversation, and I hope yours stays as full of laughter, kindness and good arguments about directions as it is today.

{{/isLong}}
So please, raise your glasses. To {{topic}}!`,
      `[Stand, smile, wait for quiet]

Hello, everyone. It's an honour to say a few words tonight{{#extra3}} as {{extra3}}{{/extra3}}, for {{topic}}.

{{#extra1}}
I could tell you about {{extra1}}, but some stories are better told by the couple themselves.

{{/extra1}}
{{^isShort}}
Seeing you two together, one thing is clear: you are a team. And that is the best thing any of us could wish for you.

{{/isShort}}
Here's to love, laughter and happily ever after. To {{topic}}, cheers!`,
    ],
  },
];
