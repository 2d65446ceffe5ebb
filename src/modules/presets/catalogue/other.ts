import type { PresetDefinition } from '../../../shared/presets/preset-types.js';
import { extraArea, extraField, keywordsField, lengthField, radioField, toneField } from './fields.js';

export const otherPresets: PresetDefinition[] = [
  {
    slug: 'custom-generator',
    title: 'Custom Generator',
    description: 'Describe what you want to generate and get a ready-to-use first draft of any kind of text.',
    category: ['Other'],
    isFree: true,
    fields: [
      keywordsField(
        'What do you want to generate?',
        'e.g. Write an email to potential investors about my startup',
        1000,
      ),
      extraArea(
        'extra1',
        'Background information',
        'e.g. We make solar chargers for e-bikes, have 2,000 paying customers and are raising €1m',
        1000,
      ),
      extraField('extra2', 'Format', 'e.g. email, bullet list, short story', 200),
      toneField(),
      lengthField(),
    ],
    prompt: `{{keywords}}
{{#extra1}}

Background information: {{extra1}}
{{/extra1}}
{{#extra2}}
Format: {{extra2}}
{{/extra2}}

Follow the request above carefully{{#extra1}} and draw on the background information wherever it makes the text more specific{{/extra1}}. Return only the requested text, ready to use.`,
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
Background: {{extra1}}{{/extra1}}

Opening
Say in one sentence what this is about and why it matters to the reader.

Main part{{#keywordList}}
- {{item}}{{/keywordList}}
{{^isShort}}
Add one concrete detail or example under each point{{#extra1}}, drawing on the background above{{/extra1}}.
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
      keywordsField(
        'Occasion and main message',
        'e.g. Team celebration after a record year: thank everyone, look ahead',
        2000,
      ),
      extraField('extra1', 'Audience', 'e.g. 80 employees and their families', 200),
      extraField('extra2', 'Speaker', 'e.g. Ana, the CEO', 200),
      extraArea(
        'extra3',
        'Stories or points to include',
        'e.g. the night the servers went down and everyone stayed',
        1000,
      ),
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
    description: "Brainstorm thoughtful gift ideas based on the person's interests and your budget.",
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
      keywordsField("The couple's names", 'e.g. Ana and Ben', 300),
      extraArea('extra1', 'Stories and memories', "e.g. how they met at a pub quiz, Ben's terrible dancing", 1000),
      extraField('extra2', 'Your name', 'e.g. Sofia', 100),
      extraField('extra3', 'Your relationship to the couple', "e.g. Ana's sister", 200),
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
  {
    slug: 'song-idea-generator',
    title: 'Song Idea Generator',
    description: 'Spark new songs with concepts that pair a working title, a chorus hook and a story angle.',
    category: ['Other', 'Content'],
    isFree: true,
    fields: [
      keywordsField('Theme or inspiration', 'e.g. leaving a small town, summer nights, second chances', 1000),
      extraField('extra1', 'Genre', 'e.g. indie folk, pop punk, R&B', 100),
      extraField('extra2', 'Mood', 'e.g. bittersweet, euphoric, restless', 100),
    ],
    prompt: `Suggest 5 original song ideas inspired by: {{keywords}}{{#extra1}}
Genre: {{extra1}}{{/extra1}}{{#extra2}}
Mood: {{extra2}}{{/extra2}}
For each idea give a working title, a one-line concept that says who is singing to whom and why, a chorus hook line, an angle for the verses, and a suggestion for the arrangement and tempo. Take the theme in a different direction each time and steer clear of clichés.`,
    builtin: [
      `Song ideas: {{topic}}{{#extra1}} ({{extra1}}){{/extra1}}

{{#keywordList}}
{{index}}. "{{item}}"
   Concept: someone finally says out loud what {{item}} has meant to them, to the one person who needs to hear it.
   Hook: "I never said it, but it was always {{item}}"
   Verses: open on one small, specific detail and let the bigger feeling arrive in the chorus.

{{/keywordList}}
{{#extra2}}
Keep the arrangement {{extra2}}: let the production carry the mood instead of competing with it.
{{/extra2}}
{{^extra2}}
Try each idea at two tempos before choosing: the same words can feel like a confession or a celebration.
{{/extra2}}`,
      `Song concept: "{{Topic}}"{{#extra1}}
Genre: {{extra1}}{{/extra1}}{{#extra2}}
Mood: {{extra2}}{{/extra2}}

The story: the verses trace a before and an after, with {{#keywordList}}{{item}}, {{/keywordList}}and one moment in between that changed everything.
Chorus hook: "That's where I found you again"
Bridge: flip the perspective and let the other person answer back for four lines.
Sound: start sparse, with one instrument and a close vocal, and let the last chorus open up wide.`,
    ],
  },
  {
    slug: 'song-lyrics-generator',
    title: 'Song Lyrics Generator',
    description: 'Write original song lyrics with verses, a catchy chorus and a bridge about any subject.',
    category: ['Other', 'Content'],
    isFree: false,
    fields: [
      keywordsField('What is the song about?', 'e.g. a road trip with old friends after years apart', 1000),
      extraField('extra1', 'Genre or style', 'e.g. country, synth-pop, acoustic ballad', 100),
      extraArea(
        'extra2',
        'Details to include',
        'e.g. the blue pickup truck, Route 66, the song we sang at school',
        500,
      ),
      toneField('e.g. nostalgic, upbeat, heartbroken'),
      lengthField(),
    ],
    prompt: `Write original song lyrics about: {{keywords}}{{#extra1}}
Genre or style: {{extra1}}{{/extra1}}{{#extra2}}
Details to include: {{extra2}}{{/extra2}}
Give the song a title and label each section ([Verse 1], [Chorus], [Verse 2], [Bridge]). Make the chorus short, singable and repeated, use concrete images rather than abstract statements, keep a consistent rhythm within each section, and rhyme naturally without forcing it.`,
    builtin: [
      `{{Topic}}{{#extra1}} ({{extra1}}){{/extra1}}

[Verse 1]
Streetlights humming on an empty road,
every mile a story that we never told.
{{#extra2}}
Got {{extra2}} running through my head,
{{/extra2}}
{{^extra2}}
Got the old pictures running through my head,
{{/extra2}}
all the words we meant but never said.

[Chorus]
So here's to {{topic}},
to the nights we swore would never end.
Sing it loud and sing it true:
every road I take comes back to you.
{{^isShort}}

[Verse 2]
Now the days run faster than they should,
but I'd go back tomorrow if I could,
{{#keywordList}}
{{item}}, still written on my heart,
{{/keywordList}}
every ending is a place to start.

[Chorus]
So here's to {{topic}},
to the nights we swore would never end.
Sing it loud and sing it true:
every road I take comes back to you.
{{/isShort}}
{{#isLong}}

[Bridge]
And if the years should pull us far apart,
I will find my way back home by heart.

[Final chorus]
So here's to {{topic}},
to the friends we swore we'd never lose.
Sing it loud and sing it true:
every road I take comes back to you.
{{/isLong}}`,
      `"{{Topic}}"{{#extra1}}
A {{extra1}} song{{/extra1}}

[Verse 1]
I've been thinking 'bout {{topic}},
turning it over like a stone in my hand.
{{#extra2}}
There's {{extra2}} in every line I write,
{{/extra2}}
{{^extra2}}
There's a little of you in every line I write,
{{/extra2}}
and a little more I'm starting to understand.

[Chorus]
Oh, don't let it fade, don't let it go,
hold on to the things that we already know:
{{#keywordList}}{{item}}, {{/keywordList}}all of it was ours,
shining like a city under summer stars.
{{^isShort}}

[Verse 2]
Picture frames and borrowed time,
a kitchen radio, a half-remembered rhyme.
We were younger than we thought we'd be,
and braver than we ever dared to see.

[Chorus]
Oh, don't let it fade, don't let it go,
hold on to the things that we already know.
{{/isShort}}
{{#isLong}}

[Bridge]
Slow it down, let the music fall away,
just our voices and the words we didn't say.

[Outro]
All of it was ours,
all of it was ours.
{{/isLong}}`,
    ],
  },
  {
    slug: 'album-title-generator',
    title: 'Album Title Generator',
    description: 'Find a memorable name for your album, EP or mixtape based on its themes and sound.',
    category: ['Other'],
    isFree: true,
    fields: [
      keywordsField('Album themes, songs or sound', 'e.g. late-night city drives, heartbreak, neon, 80s synths', 1000),
      extraField('extra1', 'Genre', 'e.g. synthwave', 100),
      extraField('extra2', 'Artist or band name', 'e.g. The Midnight Lines', 100),
    ],
    prompt: `Suggest 10 album titles for a record about: {{keywords}}{{#extra1}}
Genre: {{extra1}}{{/extra1}}{{#extra2}}
Artist or band: {{extra2}}{{/extra2}}
Mix one-word titles, short evocative phrases and one or two bolder ideas. Make each distinctive and easy to remember, avoid titles of well-known existing albums, and add a one-line note on the feeling behind each title.`,
    builtin: [
      `Album title ideas{{#extra2}} for {{extra2}}{{/extra2}}{{#extra1}} ({{extra1}}){{/extra1}}

{{#keywordList}}
• {{item}}: short and confident, and easy to search for
• songs about {{item}}: all lower case, for an intimate, late-night record
{{/keywordList}}
• Everything, All at Once: a bolder title for a concept album

Say each one out loud next to the artist name and keep the one you would be proud to see on a poster.`,
      `Shortlist{{#extra1}} for a {{extra1}} record{{/extra1}}

{{#keywordList}}
★ Tapes from {{item}}
{{/keywordList}}
★ Half Light, Full Heart
★ What We Kept
★ Postcards Home

{{#extra2}}
Picture it on the cover: {{extra2}}, "What We Kept". Short titles usually look best next to the artist name.
{{/extra2}}
{{^extra2}}
Short titles usually look best on a cover, so favour two or three words.
{{/extra2}}`,
    ],
  },
  {
    slug: 'ai-story-generator',
    title: 'AI Story Generator',
    description:
      'Turn a one-line premise into a complete piece of short fiction with the genre and characters you choose.',
    category: ['Other', 'Content'],
    isFree: false,
    fields: [
      keywordsField('Story premise', 'e.g. A time traveller who always arrives one minute too late', 1000),
      extraField('extra1', 'Genre', 'e.g. science fiction, cosy mystery, fairy tale', 100),
      extraArea('extra2', 'Characters', 'e.g. Jonah, a nervous inventor; Pip, his sarcastic robot cat', 500),
      radioField('extra3', 'Point of view', ['Third person', 'First person'], 'Third person'),
      toneField('e.g. whimsical, dark, heartwarming'),
      lengthField(),
    ],
    prompt: `Write an original piece of short fiction from this premise: {{keywords}}{{#extra1}}
Genre: {{extra1}}{{/extra1}}{{#extra2}}
Characters: {{extra2}}{{/extra2}}{{#extra3}}
Point of view: {{extra3}}{{/extra3}}
Give it a title. Open in the middle of the action, let the premise drive the plot and the characters' choices cause what happens, include some dialogue, build to a clear climax, and end with a resolution or a final twist that feels earned.`,
    builtin: [
      `{{Topic}}
{{#extra1}}
A {{extra1}} story
{{/extra1}}
{{#extra2}}
Characters: {{extra2}}
{{/extra2}}
{{#extra3}}
Point of view: {{extra3}}
{{/extra3}}

It sounded simple when you said it quickly: {{topic}}. Living it was something else entirely.

The first sign came on an ordinary Tuesday, in the kind of silence that makes you check the clock twice. By the time anyone understood what was happening, it was too late to pretend otherwise.
{{^isShort}}

"We could walk away," someone said. "Nobody would blame us."
"I would," came the answer, and that settled it.

They made a plan, then a better one, and when both failed they did the one thing nobody had thought of: they told the truth.
{{/isShort}}
{{#isLong}}

The cost was higher than anyone expected. Some doors would not open again, and some friendships bent under the weight. But every choice pushed the story forward, and every step made the next one possible.

At the very end, standing where it had all begun, they noticed the detail they had missed on the first day. It had been a clue all along.
{{/isLong}}

When morning came, the world looked the same as before. Only they knew how close it had come to being different.`,
      `Title: {{Topic}}{{#extra1}}
Genre: {{extra1}}{{/extra1}}{{#extra3}}
Narration: {{extra3}}{{/extra3}}{{#extra2}}
Cast: {{extra2}}{{/extra2}}

"Say it again," she said. "Slowly this time."

So he told her again, and out loud, in the small kitchen at midnight, it sounded even stranger than it had in his head: {{topic}}.

She did not laugh. That was the first surprise.
{{^isShort}}

By dawn they had a map, a list of everything that could go wrong, and a promise not to go alone. By noon, half of the list had already gone wrong.

"Still sure?" he asked.
"No," she said, pulling on her coat. "Let's go anyway."
{{/isShort}}
{{#isLong}}

What they found was not what either of them had imagined. It was smaller, and quieter, and far more important. It asked something of each of them, and for once, neither of them looked away.

Years later, when people asked how it had started, they would both smile and say the same thing: with one impossible sentence, said twice.
{{/isLong}}

And that was how it began.`,
    ],
  },
  {
    slug: 'poem-title-generator',
    title: 'Poem Title Generator',
    description: 'Find the right title for your poem, from plain and quiet to bold and intriguing.',
    category: ['Other', 'Content'],
    isFree: true,
    fields: [
      keywordsField(
        'What is the poem about?',
        "e.g. my grandmother's garden in late autumn, her hands, letting go",
        1000,
      ),
      extraField('extra1', 'Mood or style', 'e.g. melancholic, minimalist, playful', 100),
    ],
    prompt: `Suggest 10 titles for a poem about: {{keywords}}{{#extra1}}
Mood or style: {{extra1}}{{/extra1}}
Offer a range: plain and quiet titles, titles built on a single image, a phrase that could come from inside the poem, and a couple of unexpected ones that add meaning rather than repeat the subject. List the titles only, one per line.`,
    builtin: [
      `Poem title ideas{{#extra1}} ({{extra1}}){{/extra1}}

Plain and quiet
• {{Topic}}
{{#keywordList}}
• On {{item}}
{{/keywordList}}

Built on an image
{{#keywordList}}
• {{item}}, in late light
{{/keywordList}}
• What the Window Kept

Unexpected
• Instructions for Letting Go
• Small Hymn for an Ordinary Day`,
      `{{#keywordList}}
After {{item}}
Elegy for {{item}}
In Praise of {{item}}
{{/keywordList}}
Notes Toward a Quiet Ending
The Last Warm Day
{{#extra1}}

For a {{extra1}} poem, the shortest titles often work best: let the first line do the explaining.
{{/extra1}}`,
    ],
  },
  {
    slug: 'quote-generator',
    title: 'Quote Generator',
    description: 'Create original, shareable quotes on any subject, from motivational to funny.',
    category: ['Other', 'Social Media'],
    isFree: true,
    fields: [
      keywordsField('Topic', 'e.g. courage, starting over, small daily habits', 1000),
      extraField('extra1', 'Style', 'e.g. motivational, stoic, funny, poetic', 100),
      extraField('extra2', 'Who the quotes are for', 'e.g. new graduates, our customers, my running club', 200),
    ],
    prompt: `Write 8 original, quotable lines about: {{keywords}}{{#extra1}}
Style: {{extra1}}{{/extra1}}{{#extra2}}
For: {{extra2}}{{/extra2}}
Make each a single memorable sentence of under 25 words, built on a fresh image, contrast or twist rather than a cliché. Do not attribute them to real people and do not reuse well-known quotes.`,
    builtin: [
      `On {{topic}}{{#extra1}}, in a {{extra1}} style{{/extra1}}

{{#keywordList}}
"Nobody stumbles into {{item}}. You build it, one ordinary day at a time."
{{/keywordList}}
"Small steps still count as walking."
"The hardest part is not the work. It is deciding that you are worth the work."
{{#extra2}}
"To {{extra2}}: the road always looks longer from the start than it feels from the middle."
{{/extra2}}`,
      `{{#keywordList}}
"Treat {{item}} like a garden, not a trophy: it only grows if you keep showing up."
{{/keywordList}}
"{{Topic}}: harder than it looks, simpler than you fear."
"You do not need a bigger plan. You need a smaller first step."
{{#extra2}}

Written with {{extra2}} in mind{{#extra1}}, in a {{extra1}} voice{{/extra1}}.
{{/extra2}}`,
    ],
  },
  {
    slug: 'ai-joke-generator',
    title: 'AI Joke Generator',
    description: 'Come up with clean, original jokes about any topic for a speech, a post or the group chat.',
    category: ['Other', 'Social Media'],
    isFree: true,
    fields: [
      keywordsField('What should the jokes be about?', 'e.g. Monday meetings, cats, learning to cook', 1000),
      extraField('extra1', 'Audience', 'e.g. coworkers, kids, a wedding crowd', 200),
      radioField('extra2', 'Type of joke', ['One-liners', 'Puns', 'Knock-knock', 'Observational'], 'One-liners'),
    ],
    prompt: `Write 5 original jokes about: {{keywords}}{{#extra1}}
Audience: {{extra1}}{{/extra1}}{{#extra2}}
Type of joke: {{extra2}}{{/extra2}}
Keep them clean and kind, punch up rather than down, put the punchline at the very end, and avoid jokes that are already well known.`,
    builtin: [
      `{{#extra2}}{{extra2}} about {{topic}}{{/extra2}}{{^extra2}}Jokes about {{topic}}{{/extra2}}{{#extra1}}, for {{extra1}}{{/extra1}}

{{#keywordList}}
• I tried to get serious about {{item}}. It lasted until the first coffee break.
{{/keywordList}}
• I'm not saying I'm an expert, but I have read the first page of a lot of books on it.
• My plan was flawless. Unfortunately, so was my ability to ignore it.`,
      `{{#keywordList}}
My relationship with {{item}} is simple: I'm committed, it's complicated.
{{/keywordList}}

Knock, knock.
Who's there?
{{Topic}}.
{{Topic}} who?
{{Topic}}, the thing you promised to sort out "first thing tomorrow" three weeks ago.
{{#extra1}}

Tested on {{extra1}}: mostly groans, a few real laughs.
{{/extra1}}`,
    ],
  },
  {
    slug: 'greetings-generator',
    title: 'Greetings Generator',
    description: 'Write warm greetings for holidays, festivals and special occasions, for cards, messages and posts.',
    category: ['Other', 'Business'],
    isFree: true,
    fields: [
      keywordsField('Occasion', 'e.g. Diwali, New Year, Eid, a new baby, graduation', 500),
      extraField('extra1', 'Recipient', 'e.g. our clients, Aunt Rosa, the whole team', 200),
      extraField('extra2', 'From', 'e.g. Marta and family, the Northwind team', 200),
      toneField('e.g. warm, formal, playful'),
    ],
    prompt: `Write 3 greetings for this occasion: {{keywords}}{{#extra1}}
Recipient: {{extra1}}{{/extra1}}{{#extra2}}
From: {{extra2}}{{/extra2}}
Refer to the occasion and its customs respectfully and accurately, keep each greeting to two to four sentences ready for a card or message, and make each one different in style.`,
    builtin: [
      `{{#extra1}}To {{extra1}},{{/extra1}}{{^extra1}}Hello!{{/extra1}}

Warmest wishes on the occasion of {{topic}}. May it bring you joy, good health and time with the people who matter most.

With love{{#extra2}},
{{extra2}}{{/extra2}}`,
      `✨ Sending {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}you{{/extra1}} the very best for {{topic}}! ✨
Here's to light, laughter and a little extra time to celebrate.{{#extra2}}
With love from {{extra2}}{{/extra2}}`,
      `{{#extra2}}On behalf of {{extra2}}, we{{/extra2}}{{^extra2}}We{{/extra2}} send you our warmest wishes for {{topic}}.

{{#extra1}}To {{extra1}}: thank you{{/extra1}}{{^extra1}}Thank you{{/extra1}} for being part of our year. We hope this season brings you rest, happiness and every reason to celebrate.`,
    ],
  },
  {
    slug: 'pick-up-line-generator',
    title: 'Pick-Up Line Generator',
    description: 'Break the ice with playful, charming pick-up lines built around the keywords you choose.',
    category: ['Other'],
    isFree: true,
    fields: [
      keywordsField('Keywords', 'e.g. gym, coffee, astronomy', 100),
      extraField('extra2', 'For whom?', 'e.g. a fellow bookworm, my girlfriend, someone at the climbing wall', 1000),
      toneField('e.g. cheesy, clever, sweet'),
    ],
    prompt: `Write 10 playful pick-up lines around: {{keywords}}{{#extra2}}
For: {{extra2}}{{/extra2}}
Make them charming and witty rather than crude, build each on a pun or a clever twist related to the keywords, and keep them respectful enough to earn a smile even if the answer is no.`,
    builtin: [
      `Pick-up lines: {{topic}}{{#extra2}}
For: {{extra2}}{{/extra2}}

{{#keywordList}}
• Are you into {{item}}? Because you've been running through my mind all day.
• I came here for {{item}}, but honestly, you're a much better reason to stay.
{{/keywordList}}
• I'm terrible at small talk. Want to skip straight to coffee?`,
      `{{#keywordList}}
😉 If {{item}} were a competition, you'd win without even trying.
{{/keywordList}}
😉 Do you believe in love at first sight, or should I walk past again?
😉 I had a clever line ready, but you made me forget it.
{{#extra2}}

Written for {{extra2}}: keep it light, smile, and if it lands, follow up with a real question.
{{/extra2}}`,
    ],
  },
  {
    slug: 'tinder-bio',
    title: 'Tinder Bio',
    description: 'Write a dating profile bio that shows your personality and makes it easy to start a conversation.',
    category: ['Other', 'Social Media'],
    isFree: true,
    fields: [
      keywordsField('About you', 'e.g. nurse, weekend hiker, makes a mean lasagne, bad at karaoke, two cats', 1000),
      extraField('extra1', 'What you are looking for', 'e.g. something serious, someone to explore the city with', 200),
      toneField('e.g. funny, sincere, flirty'),
    ],
    prompt: `Write 3 alternative Tinder bios based on: {{keywords}}{{#extra1}}
Looking for: {{extra1}}{{/extra1}}
Keep each under 500 characters, show personality through specific details rather than adjectives, avoid clichés such as "love to laugh" or "partner in crime", and end each with a hook that makes it easy to send a first message.`,
    builtin: [
      `Quick facts about me:
{{#keywordList}}
✔ {{item}}
{{/keywordList}}
{{#extra1}}

Here for {{extra1}}.
{{/extra1}}

Conversation starter: two truths and a lie. Go!`,
      `In a nutshell: {{topic}}
{{#extra1}}
Looking for {{extra1}}, and someone who laughs at their own jokes.
{{/extra1}}
{{^extra1}}
Looking for someone who laughs at their own jokes.
{{/extra1}}

Swipe right if you have strong opinions about pizza toppings, and tell me yours in your first message 🍕`,
    ],
  },
  {
    slug: 'instagram-bio',
    title: 'Instagram Bio',
    description: 'Write a short Instagram bio that tells visitors who you are and why they should follow.',
    category: ['Other', 'Social Media'],
    isFree: true,
    fields: [
      keywordsField('Personal information', 'e.g. IT guru from France. Posting about cats.', 1000),
      extraField('extra1', 'Link or call to action', 'e.g. New video every Friday ↓', 150),
    ],
    prompt: `Write 5 alternative Instagram bios based on this personal information: {{keywords}}{{#extra1}}
End with this link or call to action: {{extra1}}{{/extra1}}
Keep each within Instagram's 150-character limit, use line breaks and one or two fitting emojis, say clearly who the person is and what they post, and add a touch of personality.`,
    builtin: [
      `✨ {{Topic}}
📍 Sharing the everyday, one post at a time
{{#extra1}}
👇 {{extra1}}
{{/extra1}}
{{^extra1}}
👇 Say hi in the DMs
{{/extra1}}`,
      `{{#keywordList}}
▫️ {{item}}
{{/keywordList}}
{{#extra1}}
🔗 {{extra1}}
{{/extra1}}
{{^extra1}}
🔗 New posts every week
{{/extra1}}`,
      `Hi, glad you're here 👋
{{Topic}}
Good vibes and better coffee ☕{{#extra1}}
{{extra1}}{{/extra1}}`,
    ],
  },
  {
    slug: 'twitter-bio-generator',
    title: 'Twitter Bio Generator',
    description: 'Write a punchy Twitter (X) bio under 160 characters that makes people want to follow you.',
    category: ['Other', 'Social Media'],
    isFree: true,
    fields: [
      keywordsField('About you', 'e.g. data journalist, covers climate and cities, dad of twins, slow runner', 1000),
      extraField('extra1', 'Name or brand', 'e.g. Leo Marsh', 100),
      extraField('extra2', 'Hashtags or handles to include', 'e.g. @GreenDesk #dataviz', 200),
    ],
    prompt: `Write 5 alternative Twitter (X) bios based on: {{keywords}}{{#extra1}}
Name or brand: {{extra1}}{{/extra1}}{{#extra2}}
Include: {{extra2}}{{/extra2}}
Keep each under 160 characters, lead with what the person does or tweets about, add one human or funny detail, and vary the structure: a list with separators, a single sentence, a playful claim.`,
    builtin: [
      `{{#extra1}}{{extra1}} | {{/extra1}}{{Topic}}{{#extra2}} | {{extra2}}{{/extra2}}`,
      `{{#keywordList}}{{item}} · {{/keywordList}}views my own{{#extra2}}
{{extra2}}{{/extra2}}`,
      `{{#extra1}}{{extra1}}: {{/extra1}}{{Topic}}, tweeting about all of it{{#extra2}} with {{extra2}}{{/extra2}}. Occasionally right, always curious.`,
    ],
  },
  {
    slug: 'riddle-generator',
    title: 'Riddle Generator',
    description: 'Create clever riddles with answers for games, classrooms, escape rooms and treasure hunts.',
    category: ['Other', 'Education'],
    isFree: true,
    fields: [
      keywordsField('Answers or theme', 'e.g. a candle, the moon, things in a kitchen', 500),
      radioField('extra1', 'Difficulty', ['Easy', 'Medium', 'Hard'], 'Medium'),
      extraField('extra2', 'Who will solve them?', 'e.g. 8-year-olds at a birthday treasure hunt', 200),
    ],
    prompt: `Write 5 original riddles whose answers are, or relate to: {{keywords}}{{#extra1}}
Difficulty: {{extra1}}{{/extra1}}{{#extra2}}
Solvers: {{extra2}}{{/extra2}}
Describe each answer through clever clues, double meanings or personification without naming it, make every clue fair so the answer feels obvious once revealed, and give the answer after each riddle.`,
    builtin: [
      `Riddles{{#extra1}} ({{extra1}}){{/extra1}}{{#extra2}} for {{extra2}}{{/extra2}}

{{#keywordList}}
Riddle {{index}}
Everyone talks about me, but few can hold me.
I look different to each person who looks closely.
Find me and you will know me at once. What am I?
Answer: {{item}}

{{/keywordList}}
Tip: read each riddle aloud twice and give a small hint after thirty seconds.`,
      `{{#keywordList}}
Q: I can be small or I can be grand, I can be far or right at hand. Everyone knows me, yet who knows me true? Here is your clue: I am waiting for you. What am I?
A: {{item}}

{{/keywordList}}
Bonus riddle
The more you share me, the bigger I grow. What am I?
A: a good idea
{{#extra2}}

Written for {{extra2}}{{#extra1}}, at {{extra1}} level{{/extra1}}: swap any clue for an inside joke the group will recognise.
{{/extra2}}`,
    ],
  },
  {
    slug: 'band-name-generator',
    title: 'Band Name Generator',
    description: 'Brainstorm original band and artist names that fit your genre, sound and attitude.',
    category: ['Other'],
    isFree: true,
    fields: [
      keywordsField('Genre, vibe and words you like', 'e.g. garage rock, seaside town, ghosts, loud and scrappy', 1000),
      extraField('extra1', 'Where you are from', 'e.g. Brighton', 100),
      extraField('extra2', 'Band members', 'e.g. three sisters and a drummer called Ed', 200),
    ],
    prompt: `Suggest 15 original band names for: {{keywords}}{{#extra1}}
Hometown: {{extra1}}{{/extra1}}{{#extra2}}
Band members: {{extra2}}{{/extra2}}
Mix styles: one-word names, "The ..." names, odd phrases and wordplay. Make them fit the genre, easy to say and to search for, and avoid names of famous existing bands. Add a short note on why each one works.`,
    builtin: [
      `Band name ideas{{#extra1}} from {{extra1}}{{/extra1}}{{#extra2}} for {{extra2}}{{/extra2}}

{{#keywordList}}
• The {{item}} Club
• {{item}} & the Late Arrivals
{{/keywordList}}
• Static Postcards
• Paper Lions
• The Sunday Ghosts

Before you print the T-shirts, search each name with the word "band" to check nobody else is using it.`,
      `Shortlist: {{topic}}

One word: Driftwood, Glasshouse, Lowtide
"The" names:{{#keywordList}} The {{item}},{{/keywordList}} The Borrowed Hours
Odd phrases: Nobody Told the Pigeons, Cheap Sunglasses Forever
{{#extra1}}
Local pride: The {{extra1}} Night Shift
{{/extra1}}
{{#extra2}}
A nod to the line-up ({{extra2}}): Four Chairs and a Drum Kit
{{/extra2}}`,
    ],
  },
  {
    slug: 'fantasy-name-generator',
    title: 'Fantasy Name Generator',
    description: 'Invent names for characters, places, kingdoms and creatures that fit your fantasy world.',
    category: ['Other', 'Content'],
    isFree: false,
    fields: [
      keywordsField('What needs a name?', 'e.g. an elven healer, a mountain fortress, a desert kingdom', 1000),
      extraArea(
        'extra1',
        'Your world and its cultures',
        'e.g. Norse-inspired seafaring clans, long winters, rune magic',
        1000,
      ),
      radioField('extra2', 'Sound of the names', ['Elegant', 'Harsh', 'Ancient', 'Whimsical'], 'Elegant'),
    ],
    prompt: `Invent 10 original fantasy names for: {{keywords}}{{#extra1}}
World and cultures: {{extra1}}{{/extra1}}{{#extra2}}
Sound of the names: {{extra2}}{{/extra2}}
Give names from the same culture consistent sounds and spelling patterns, keep them pronounceable, avoid famous names from existing books and games, and add a short pronunciation hint and a meaning or epithet for each.`,
    builtin: [
      `Names for {{topic}}{{#extra2}} ({{extra2}}){{/extra2}}

• Aerwyn Valethorn (AIR-win VAL-eh-thorn): "keeper of the last light"
• Kaelith Morrow (KAY-lith MOR-oh): "born in the grey season"
• Ysmera Duvaine (is-MEH-ra doo-VAYN): "the quiet river"
• Dornhal (DORN-hal): a name with weight, for a fortress or a king
• Sereth-by-the-Sea (SEH-reth): a harbour town that never sleeps

For {{topic}}, try pairing a soft first name with a hard family name, such as Aerwyn Dornhal.
{{#extra1}}

To fit your world ({{extra1}}), give names from the same culture a shared ending, such as -eth or -hal.
{{/extra1}}`,
      `More names for {{topic}}

People: Vorthun Gallowmere, Thessaly Vane, Brannoch the Unbowed, Ilse Korrin
Places: Karrowdeep, the Hollow Crown, Ilsmere Reach
Creatures: the moth-wyrm, the glass stag, the bell-crow
{{#extra2}}

Sound: {{extra2}}. Say each name aloud and keep the ones that feel natural in dialogue.
{{/extra2}}
{{#extra1}}
Adapted to your world: {{extra1}}.
{{/extra1}}`,
    ],
  },
  {
    slug: 'book-title-generator',
    title: 'Book Title Generator',
    description: 'Find a memorable title, and a subtitle where it helps, for your novel, memoir or non-fiction book.',
    category: ['Other', 'Content'],
    isFree: false,
    fields: [
      keywordsField('What is the book about?', 'e.g. a memoir about rebuilding my family farm after a flood', 2000),
      extraField('extra1', 'Genre', 'e.g. thriller, self-help, memoir', 100),
      extraField('extra2', 'Readers', 'e.g. young adults, first-time managers', 200),
    ],
    prompt: `Suggest 10 book titles for: {{keywords}}{{#extra1}}
Genre: {{extra1}}{{/extra1}}{{#extra2}}
Readers: {{extra2}}{{/extra2}}
Follow the title conventions of the genre, make each title easy to remember and to say aloud, and for non-fiction add a subtitle that states the promise to the reader. Add a one-line note on what each title signals.`,
    builtin: [
      `Book title ideas{{#extra1}} ({{extra1}}){{/extra1}}{{#extra2}} for {{extra2}}{{/extra2}}

{{#keywordList}}
• The Truth About {{item}}
• After {{item}}
{{/keywordList}}
• Everything We Built: A Story of {{topic}}
• Small Hours
• The Long Way Back

A good test: could a friend recommend it in one breath? If the title needs explaining, keep looking.`,
      `Title and subtitle pairs

Start Here: A Practical Guide to {{topic}}
The Quiet Advantage: What Nobody Tells You About {{topic}}
{{#keywordList}}
Beyond {{item}}: Lessons Learned the Hard Way
{{/keywordList}}
{{#extra1}}

Genre: {{extra1}}. Study the bestseller shelf of that genre and match its rhythm, not its words.
{{/extra1}}
{{#extra2}}
Written for {{extra2}}: put their problem or their dream in the subtitle.
{{/extra2}}`,
    ],
  },
  {
    slug: 'character-backstory',
    title: 'Character Backstory',
    description: 'Develop a rich backstory for a fictional character, with origins, motivations, flaws and secrets.',
    category: ['Other', 'Content'],
    isFree: false,
    fields: [
      keywordsField('Character concept', 'e.g. a retired knight who now runs a bakery and hides a cursed sword', 1000),
      extraField('extra1', 'Name', 'e.g. Sir Aldric Vane', 100),
      extraArea('extra2', 'World or setting', 'e.g. a busy port city in a low-magic medieval world', 500),
      extraField('extra3', 'Role in the story', 'e.g. mentor to the hero, secretly the villain', 200),
      lengthField(),
    ],
    prompt: `Write a backstory for this character: {{keywords}}{{#extra1}}
Name: {{extra1}}{{/extra1}}{{#extra2}}
World or setting: {{extra2}}{{/extra2}}{{#extra3}}
Role in the story: {{extra3}}{{/extra3}}
Cover origins and upbringing, the defining event that shaped them, what they want and what they fear, a flaw, a secret, key relationships, and how their past drives their choices in the story. Make it specific and usable by a writer or game master, with concrete names, places and memories.`,
    builtin: [
      `{{#extra1}}{{extra1}}: a backstory{{/extra1}}{{^extra1}}Character backstory{{/extra1}}
Concept: {{topic}}{{#extra3}}
Role in the story: {{extra3}}{{/extra3}}{{#extra2}}
World: {{extra2}}{{/extra2}}

Origins
Born far from anything that mattered, {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}they{{/extra1}} learned early that nobody was coming to help, and that the only way out was to become useful.

Defining moment
One night changed everything: a choice made in fear, which saved one life and cost another. It still shapes every decision today.
{{^isShort}}

Wants and fears
Wants: to be trusted again, and to finish what was started years ago.
Fears: being seen for what they really did.

Flaw
Loyal to a fault, even to people who stopped deserving it long ago.
{{/isShort}}
{{#isLong}}

Secret
The story everyone knows is not quite true. One person alive knows the rest, and they are closer than anyone thinks.

Key relationships
- An old friend who now stands on the other side
- A younger ally who reminds them of who they used to be
- A rival who knows exactly where to push

In the story
Every time the past knocks, they must choose between protecting the secret and protecting the people around them.
{{/isLong}}`,
      `Who is {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}this character{{/extra1}}?

{{Topic}}. That is what people see. The truth runs deeper.{{#extra2}} In {{extra2}}, reputations are made fast and lost faster.{{/extra2}}

Growing up, there was never enough of anything except stories, and {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}the character{{/extra1}} collected them like coins.{{#extra3}} That hunger is what makes them such a natural fit as {{extra3}}.{{/extra3}}
{{^isShort}}

Then came the year it all went wrong: a promise broken, a friend lost, a door closed for good. They have spent every year since trying to make up for it, without ever saying why.
{{/isShort}}
{{#isLong}}

What they want: a second chance.
What they fear: that they do not deserve one.
What they hide: a single letter, never sent, that would explain everything.
What will change them: someone from the past who refuses to let the secret stay buried.
{{/isLong}}`,
    ],
  },
  {
    slug: 'apology-message',
    title: 'Apology Message',
    description:
      'Write a sincere apology that takes responsibility, acknowledges the hurt and offers to make it right.',
    category: ['Other', 'Business'],
    isFree: true,
    fields: [
      keywordsField('What happened?', "e.g. I missed my best friend's birthday dinner without telling her", 1000),
      extraField('extra1', 'Who you are apologising to', 'e.g. Jess', 200),
      extraArea(
        'extra2',
        'How you will make it right',
        'e.g. take her to her favourite restaurant and set reminders for important dates',
        500,
      ),
      toneField('e.g. heartfelt, professional, light-hearted'),
    ],
    prompt: `Write an apology message about this situation: {{keywords}}{{#extra1}}
To: {{extra1}}{{/extra1}}{{#extra2}}
How I will make it right: {{extra2}}{{/extra2}}
Name what happened plainly, take full responsibility without excuses or "if you were offended", acknowledge how it affected the other person, say what will change, and close without pressuring them to forgive.`,
    builtin: [
      `{{#extra1}}Dear {{extra1}},{{/extra1}}{{^extra1}}Hi,{{/extra1}}

I owe you a proper apology. What happened was my fault: {{topic}}. There is no good excuse, and I am not going to look for one.

I know it hurt, and I'm sorry that I put you in that position.{{#extra2}} To make it right, I want to {{extra2}}.{{/extra2}} More than anything, I want you to be able to count on me.

Whenever you are ready to talk, I'll be here.`,
      `{{#extra1}}{{extra1}}, I'm{{/extra1}}{{^extra1}}I'm{{/extra1}} really sorry about what happened ({{topic}}). That was on me, not you.
{{#extra2}}

Here's what I'm going to do: {{extra2}}.
{{/extra2}}
{{^extra2}}

I'm going to do better, and I'd like the chance to show you.
{{/extra2}}

No need to reply straight away. I just didn't want another day to pass without saying it.`,
    ],
  },
  {
    slug: 'love-letter',
    title: 'Love Letter',
    description: 'Write a heartfelt love letter for a partner, an anniversary or a long-distance relationship.',
    category: ['Other'],
    isFree: false,
    fields: [
      keywordsField(
        'What you love about them',
        'e.g. her laugh, how she sings while cooking, our first trip to Porto',
        2000,
      ),
      extraField('extra1', 'Their name', 'e.g. Clara', 100),
      extraField('extra2', 'Your name', 'e.g. Tom', 100),
      extraField('extra3', 'Occasion', 'e.g. our tenth anniversary', 200),
      toneField('e.g. romantic, playful, poetic'),
      lengthField(),
    ],
    prompt: `Write a love letter. What I love about them, and memories to draw on: {{keywords}}{{#extra1}}
Their name: {{extra1}}{{/extra1}}{{#extra2}}
My name: {{extra2}}{{/extra2}}{{#extra3}}
Occasion: {{extra3}}{{/extra3}}
Make it personal and specific: turn the details above into small scenes, say plainly what they mean to me, avoid greeting-card clichés, and end with a promise or a look ahead.`,
    builtin: [
      `My dearest {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}love{{/extra1}},

{{#extra3}}
For {{extra3}}, I wanted to write down what I don't say often enough.
{{/extra3}}
{{^extra3}}
I wanted to write down what I don't say often enough.
{{/extra3}}

I keep a list in my head of the things I love about you:
{{#keywordList}}
- {{item}}
{{/keywordList}}
{{^isShort}}

None of these are big things on their own. Together they are the shape of my favourite days, and the reason an ordinary evening with you feels like the best part of the week.
{{/isShort}}
{{#isLong}}

When I think about the years ahead, I don't imagine anything grand. I imagine more of this: more small moments, more laughing at nothing, more reaching for your hand without thinking. That is all I want, and it is everything.
{{/isLong}}

Always yours,
{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}Me{{/extra2}}`,
      `{{#extra1}}{{extra1}},{{/extra1}}{{^extra1}}To you,{{/extra1}}

Do you know when I knew? It was something small: {{topic}}. I remember thinking that I could spend a lifetime noticing things like that about you.
{{^isShort}}

Since then you have taught me that love is not a grand gesture. It is paying attention. It is staying. It is choosing each other again on the ordinary days.
{{/isShort}}
{{#isLong}}

So here is my promise{{#extra3}}, on {{extra3}}{{/extra3}}: I will keep noticing. I will keep choosing you. And I will keep writing it down, so you never have to wonder.
{{/isLong}}

All my love{{#extra2}},
{{extra2}}{{/extra2}}`,
    ],
  },
  {
    slug: 'wedding-vows',
    title: 'Wedding Vows',
    description: 'Write personal wedding vows that tell your story and make promises that sound like you.',
    category: ['Other'],
    isFree: false,
    fields: [
      keywordsField(
        'Your story and what you love about them',
        'e.g. met at a bus stop in the rain, he makes me brave, loves terrible puns',
        2000,
      ),
      extraField('extra1', "Your partner's name", 'e.g. Daniel', 100),
      extraArea(
        'extra2',
        'Promises to make',
        'e.g. to always share the last biscuit, to hold your hand at the dentist',
        500,
      ),
      toneField('e.g. romantic, funny, traditional'),
      lengthField(),
    ],
    prompt: `Write personal wedding vows to be spoken aloud at the ceremony. Our story and what I love about my partner: {{keywords}}{{#extra1}}
Partner's name: {{extra1}}{{/extra1}}{{#extra2}}
Promises to include: {{extra2}}{{/extra2}}
Open with a moment from our story, say what I love about them in concrete terms, then make a series of promises, mixing heartfelt ones with one or two light ones, and close with a line that brings it back to today. Keep the sentences short and easy to say with emotion.`,
    builtin: [
      `{{#extra1}}{{extra1}},{{/extra1}}{{^extra1}}My love,{{/extra1}}

When I think about us, I think about this: {{topic}}. That is where our story lives, in the small moments that turned out to be everything.
{{^isShort}}

I love you for the way you make ordinary days feel like something worth remembering. I love who I am when I'm with you.
{{/isShort}}

Today, in front of everyone we love, I promise you this:
{{#extra2}}
I promise {{extra2}}.
{{/extra2}}
I promise to listen, even when I think I already know the answer.
I promise to choose you, on the easy days and on the hard ones.
{{#isLong}}
I promise to laugh at your jokes, especially the terrible ones.
I promise to keep building a home where we both can grow.
{{/isLong}}

I have never been more sure of anything. I'm yours.`,
      `{{#extra1}}{{extra1}}, from{{/extra1}}{{^extra1}}From{{/extra1}} the very beginning, I knew this was different.

I think of all of it:
{{#keywordList}}
{{item}},
{{/keywordList}}
and a hundred small kindnesses nobody else saw.
That is why I am standing here today, ready.
{{^isShort}}

Marriage will not always be easy, and I am not promising that it will be. I am promising that I will be here for all of it.
{{/isShort}}
{{#extra2}}

So I promise {{extra2}}.
{{/extra2}}
{{#isLong}}

I promise to keep our adventures going, to say sorry first, and to remember, on the busiest days, to stop and tell you I love you.
{{/isLong}}

With this ring, I choose you. Today, and every day after.`,
    ],
  },
  {
    slug: 'eulogy-writer',
    title: 'Eulogy Writer',
    description: "Write a eulogy that honours a loved one's life with stories, character and gratitude.",
    category: ['Other'],
    isFree: false,
    fields: [
      keywordsField(
        'About the person',
        'e.g. my grandfather Joe, 91, carpenter, fixed every bike on the street, loved jazz and bad jokes',
        3000,
      ),
      extraField('extra1', 'Your relationship to them', 'e.g. eldest grandson', 200),
      extraArea(
        'extra2',
        'Stories and memories',
        'e.g. teaching me to fish at dawn, the treehouse he built in one weekend',
        1000,
      ),
      toneField('e.g. celebratory, gentle, with a little humour'),
      lengthField(),
    ],
    prompt: `Write a eulogy about: {{keywords}}{{#extra1}}
Speaker's relationship to them: {{extra1}}{{/extra1}}{{#extra2}}
Stories and memories to use: {{extra2}}{{/extra2}}
Open by saying who they were, share the stories as small scenes that show their character, mention the people and things they loved, allow a gentle smile where it fits, and close with gratitude and a farewell. Write it to be read aloud, in short sentences.`,
    builtin: [
      `Thank you all for being here today.

{{#extra1}}
For those who don't know me, I am the {{extra1}}.
{{/extra1}}
We are here to remember and celebrate {{topic}}.

It is hard to sum up a life in a few minutes, so I won't try. Instead I want to share what I saw.
{{#extra2}}

I keep coming back to {{extra2}}. In those moments you could see everything that mattered: patience, generosity, and a quiet kind of joy.
{{/extra2}}
{{^isShort}}

They were not perfect, and they would be the first to say so, usually with a smile. But they showed up for people, again and again, and that is what we will remember.
{{/isShort}}
{{#isLong}}

Grief is the price we pay for love, and looking around this room, it is clear how much love there was. Every one of us carries a piece of that now. Let's take good care of it.
{{/isLong}}

Thank you, for everything. We will miss you.`,
      `[Pause, breathe, look at the room]

How do you describe someone like this? {{Topic}}. If you knew them, you know exactly what I mean; and if you didn't, I wish you had.
{{#extra2}}

One memory stays with me more than any other: {{extra2}}.
{{/extra2}}
{{^isShort}}

{{#extra1}}As their {{extra1}}, I{{/extra1}}{{^extra1}}I{{/extra1}} learned more from watching them than from anything they ever told me: how to be kind without making a fuss about it, and how to laugh when things go wrong.
{{/isShort}}
{{#isLong}}

So today I want to say thank you. Thank you for the lessons, the patience and the stories. Thank you for the example you set, which we will try our best to follow.
{{/isLong}}

Rest well. You are loved, and you will not be forgotten.`,
    ],
  },
  {
    slug: 'bedtime-story',
    title: 'Bedtime Story',
    description: 'Create a gentle, personalised bedtime story for a child, starring their favourite things.',
    category: ['Other', 'Education'],
    isFree: false,
    fields: [
      keywordsField('What should the story include?', 'e.g. dinosaurs, a lost teddy bear, the seaside', 1000),
      extraField('extra1', "Child's name", 'e.g. Mia', 100),
      extraField('extra2', "Child's age", 'e.g. 4', 50),
      extraField('extra3', 'A lesson to weave in', 'e.g. it is okay to ask for help', 200),
      lengthField('Short'),
    ],
    prompt: `Write a calming bedtime story for a child, featuring: {{keywords}}{{#extra1}}
The hero, named after the child: {{extra1}}{{/extra1}}{{#extra2}}
Child's age: {{extra2}}{{/extra2}}{{#extra3}}
A lesson to weave in gently: {{extra3}}{{/extra3}}
Use simple words and a soothing rhythm, a small adventure with no frightening moments, a little repetition that children enjoy, and an ending where everyone is safe, cosy and ready to sleep.`,
    builtin: [
      `{{#extra1}}{{extra1}} and the Night of Wonders{{/extra1}}{{^extra1}}The Night of Wonders{{/extra1}}{{#extra2}}
A bedtime story for age {{extra2}}{{/extra2}}

Once upon a time, when the moon was round and the stars were just waking up, {{#extra1}}a child called {{extra1}}{{/extra1}}{{^extra1}}a little explorer{{/extra1}} heard a soft knock at the window.

It was an adventure, and it had brought some friends:
{{#keywordList}}
{{item}},
{{/keywordList}}
all waiting patiently in the garden.
{{^isShort}}

Together they tiptoed past the sleeping cat, over the silver grass and down to the edge of the world, where the sky touches the sea. Everything glowed, and everything was kind.
{{/isShort}}
{{#extra3}}

When the path got tricky, they remembered something important: {{extra3}}.
{{/extra3}}
{{#isLong}}

They counted shells, they counted stars, and they counted the little waves, one, two, three, until the waves began to whisper, "Time for bed, time for bed."
{{/isLong}}

And so they all came home, snug and warm, and fell fast asleep. Goodnight.`,
      `Hush now, and listen.

Far away and not far at all, there is a land where {{#keywordList}}{{item}}, {{/keywordList}}and all sorts of gentle things are waiting.
{{#extra1}}
And tonight, {{extra1}} is going to visit.
{{/extra1}}
{{#extra2}}
(Perfect for a {{extra2}}-year-old dreamer.)
{{/extra2}}

Step, step, step, along the sleepy path.
{{^isShort}}
Yawn, yawn, yawn, say the sleepy flowers.
Blink, blink, blink, go the sleepy stars.
{{/isShort}}
{{#extra3}}

A wise old owl leans down and whispers, "Remember: {{extra3}}."
{{/extra3}}
{{#isLong}}

Then everyone in the land sits down together for a moonlight picnic, with warm milk and tiny cakes, and they tell stories until their eyes grow heavy.
{{/isLong}}

Now the path is quiet, the lights are low, and it is time to close your eyes. Sweet dreams.`,
    ],
  },
  {
    slug: 'farewell-message',
    title: 'Farewell Message',
    description: 'Write a warm goodbye message for a colleague, friend or neighbour who is leaving or retiring.',
    category: ['Other', 'HR'],
    isFree: true,
    fields: [
      keywordsField('Who is leaving, and why?', 'e.g. Priya, our team lead, retiring after 25 years', 1000),
      extraArea(
        'extra1',
        'A memory or quality to mention',
        'e.g. your Friday cake tradition and your calm in every crisis',
        500,
      ),
      extraField('extra2', 'From', 'e.g. everyone in the design team', 200),
      toneField('e.g. heartfelt, funny, professional'),
    ],
    prompt: `Write 3 farewell messages for a card or a goodbye email. Who is leaving, and why: {{keywords}}{{#extra1}}
A memory or quality to mention: {{extra1}}{{/extra1}}{{#extra2}}
From: {{extra2}}{{/extra2}}
Thank them for something specific, wish them well in what comes next, keep each message to two to four sentences, and give each a slightly different style.`,
    builtin: [
      `{{Topic}}: it won't be the same without you.

Thank you for everything.{{#extra1}} We will miss {{extra1}} more than we can say.{{/extra1}} You made the hard days easier and the good days better.

Wishing you every happiness in what comes next. Please keep in touch!
{{#extra2}}
With love from {{extra2}}
{{/extra2}}`,
      `{{Topic}}, and we are all a little sad about it. Goodbyes are hard, so let's call this "see you soon" 👋

{{#extra1}}
We will always remember {{extra1}}.
{{/extra1}}
Here's to you and to the next chapter. You have earned every bit of it.
{{#extra2}}

Cheers,
{{extra2}}
{{/extra2}}`,
    ],
  },
];
