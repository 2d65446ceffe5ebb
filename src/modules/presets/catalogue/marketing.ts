import type { PresetDefinition } from '../../../shared/presets/preset-types.js';
import { extraArea, extraField, hostedToneField, keywordsField, lengthField, toneField } from './fields.js';

/** The tone field as the hosted reference defines it for its presets: "Tone", up to 1000 characters. */
export const marketingPresets: PresetDefinition[] = [
  {
    slug: 'aida-framework',
    title: 'AIDA Framework',
    description: 'Write persuasive sales copy following Attention, Interest, Desire and Action.',
    category: ['Marketing'],
    isFree: true,
    fields: [
      keywordsField(
        'Product description',
        'e.g. A standing desk that adjusts its height to your schedule and reminds you to move',
        1000,
      ),
      extraField('extra1', 'Target audience', 'e.g. remote workers with back pain', 200),
      extraField('extra2', 'Key benefit or offer', 'e.g. 20% off for the first 100 orders', 300),
      hostedToneField(),
    ],
    prompt: `Write sales copy using the AIDA framework (Attention, Interest, Desire, Action) for this product: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}{{#extra2}}
Key benefit or offer: {{extra2}}{{/extra2}}
Label each of the four parts. Attention: a bold opening line. Interest: facts or a relatable situation. Desire: the benefits and how life improves. Action: one clear call to action.`,
    builtin: [
      `Attention
Still doing it the hard way? There is a better option{{#extra1}} for {{extra1}}{{/extra1}}.

Interest
{{keywords}}

Desire
Picture the difference: less time on the tedious parts, better results, and more energy left for the work that matters.{{#extra2}}
And right now: {{extra2}}{{/extra2}}

Action
Try it today and see the difference for yourself.`,
      `👀 What if the part of your day you dread most simply took care of itself?

{{keywords}}

{{#extra1}}
Built with {{extra1}} in mind, it is simple, it works, and it fits into your day without any fuss.
{{/extra1}}
{{^extra1}}
It is simple, it works, and it fits into your day without any fuss.
{{/extra1}}
Imagine less stress, better results and the satisfaction of knowing you made the right choice.

{{#extra2}}
Don't miss out: {{extra2}}
{{/extra2}}
👉 Get started now.`,
    ],
  },
  {
    slug: 'problem-agitate-solution-framework',
    title: 'Problem-Agitate-Solution Framework',
    description:
      'Write persuasive copy that names a problem, shows why it hurts and presents your product as the solution.',
    category: ['Marketing'],
    isFree: true,
    fields: [
      keywordsField('Product description', 'e.g. An app that turns meeting notes into assigned action items', 1000),
      extraField('extra1', 'Target audience', 'e.g. busy project managers', 200),
      extraField('extra2', 'The problem it solves', 'e.g. action items get lost after meetings', 300),
      hostedToneField(),
    ],
    prompt: `Write marketing copy using the Problem-Agitate-Solution framework for this product: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}{{#extra2}}
The problem it solves: {{extra2}}{{/extra2}}
Problem: describe the reader's pain in their own words. Agitate: show the consequences of leaving it unsolved. Solution: present the product as the way out, with one clear call to action.`,
    builtin: [
      `Problem
{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}You know the feeling: the same problem keeps coming back, no matter how hard you try.{{/extra2}}

Agitate
{{#extra1}}For {{extra1}}, it{{/extra1}}{{^extra1}}It{{/extra1}} is more than an annoyance. It costs time, money and energy every single week, and the longer it goes on, the more it holds you back.

Solution
That is exactly why this exists:
{{keywords}}

Stop struggling and start seeing results. Try it today.`,
      `Let's be honest{{#extra1}}, {{extra1}}{{/extra1}}: the way things are done now simply isn't working.{{#extra2}}
The problem: {{extra2}}{{/extra2}}

And it's getting worse. Deadlines slip, frustration builds, and the fixes you have tried only paper over the cracks.

There is a better way.
{{keywords}}

Ready to leave the problem behind? Get started now.`,
    ],
  },
  {
    slug: 'before-after-bridge-framework',
    title: 'Before-After-Bridge Framework',
    description: 'Write marketing copy that contrasts life before and after your product and shows how to get there.',
    category: ['Marketing'],
    isFree: true,
    fields: [
      keywordsField(
        'Product description',
        'e.g. A weekly meal-planning service with recipes and a ready-made shopping list',
        1000,
      ),
      extraField('extra1', 'Target audience', 'e.g. working parents', 200),
      extraField('extra2', 'Life before', 'e.g. deciding what to cook at 7pm every night', 300),
      extraField('extra3', 'Life after', 'e.g. relaxed evenings with healthy meals ready to go', 300),
      hostedToneField(),
    ],
    prompt: `Write marketing copy using the Before-After-Bridge framework for this product: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}{{#extra2}}
Life before: {{extra2}}{{/extra2}}{{#extra3}}
Life after: {{extra3}}{{/extra3}}
Before: paint the current situation. After: describe how it feels once the problem is gone. Bridge: show how the product gets them there, and close with a call to action.`,
    builtin: [
      `Before
{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}Every day starts with the same struggle, and every evening ends with the same sense that there must be an easier way.{{/extra2}}

After
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}Now imagine that struggle gone: more time, less stress and results you are proud of.{{/extra3}}

Bridge
Here is how you get from one to the other{{#extra1}}, designed for {{extra1}}{{/extra1}}:
{{keywords}}

Start today and feel the difference this week.`,
      `Right now: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}too much effort, too little to show for it{{/extra2}}
Soon: {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}calm, control and more time for what matters{{/extra3}}
The bridge: {{keywords}}

{{#extra1}}People like you ({{extra1}}) are making the switch.{{/extra1}}{{^extra1}}People are making the switch every day.{{/extra1}} Ready to join them? Get started now.`,
    ],
  },
  {
    slug: 'email-subject-line-generation',
    title: 'Email Subject Line Generator',
    description:
      'Generate attention-grabbing email subject lines for newsletters, campaigns, outreach and everyday emails.',
    category: ['Marketing', 'Business'],
    isFree: true,
    fields: [
      keywordsField('What is the email about?', 'e.g. ask about pay raise', 1000),
      extraField('extra1', 'Audience', 'e.g. existing customers', 200),
      extraField('extra2', 'Goal of the email', 'e.g. get a meeting booked', 200),
      hostedToneField('e.g. professional, energetic'),
    ],
    prompt: `Write 10 email subject lines for an email about: {{keywords}}{{#extra1}}
Audience: {{extra1}}{{/extra1}}{{#extra2}}
Goal of the email: {{extra2}}{{/extra2}}
Keep each under 50 characters, mix styles (curiosity, benefit, urgency, question, personal), avoid spam-trigger words and all caps, and add a matching preview text for the best three.`,
    builtin: [
      `Subject line ideas{{#tone}} ({{tone}}){{/tone}}

1. {{Topic}}
2. {{Topic}}: a quick question
3. Re: {{topic}}
4. {{Topic}} (2 minutes of your time)
5. Can we talk? {{Topic}}
6. A quick note{{#extra1}} for {{extra1}}{{/extra1}}: {{topic}}`,
      `- Quick question: {{topic}}
- Your input needed: {{topic}}
- Before Friday: {{topic}}
- Thoughts on this? {{Topic}}
- Following up: {{topic}}
{{#extra2}}

Tip: the goal is to {{extra2}}, so put the benefit to the reader first and keep the subject under 50 characters so it is not cut off on phones.
{{/extra2}}
{{^extra2}}

Tip: keep the subject under 50 characters so it is not cut off on phones, and make the preview text add new information rather than repeat the subject.
{{/extra2}}`,
    ],
  },
  {
    slug: 'seo-title-meta-descriptions',
    title: 'SEO Title and Meta Descriptions',
    description: 'Write search-friendly page titles and meta descriptions that earn the click.',
    category: ['Marketing', 'Content'],
    isFree: true,
    fields: [
      keywordsField(
        'Product, service or page description',
        'e.g. A free downloadable checklist for onboarding remote employees',
        1000,
      ),
      extraField('extra1', 'Target audience', 'e.g. HR managers at small companies', 200),
      extraField('extra2', 'Focus keywords', 'e.g. remote onboarding checklist', 200),
      extraField('extra3', 'Brand name', 'e.g. Northwind Studio', 100),
      hostedToneField(),
    ],
    prompt: `Write 5 SEO title tags and 5 meta descriptions for a page about: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}{{#extra2}}
Focus keywords: {{extra2}}{{/extra2}}{{#extra3}}
Brand name: {{extra3}}{{/extra3}}
Titles must be at most 60 characters with the main keyword near the start. Meta descriptions must be 140 to 155 characters, describe the page accurately, include the keyword once and end with a reason to click.`,
    builtin: [
      `Title tags (keep each under 60 characters)
1. {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}{{Topic}}{{/extra2}}: The Complete Guide{{#extra3}} | {{extra3}}{{/extra3}}
2. {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}{{Topic}}{{/extra2}}, Made Simple
3. {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}{{Topic}}{{/extra2}}: Tips, Examples and Checklist

Meta descriptions (140 to 155 characters)
1. {{#extra1}}For {{extra1}}: {{/extra1}}{{keywords}}
2. Looking for {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}a better way to get this done{{/extra2}}? Find clear answers, practical examples and a simple step-by-step approach here.`,
      `SEO title: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}{{Topic}}{{/extra2}}{{#extra3}} | {{extra3}}{{/extra3}}
Meta description: {{keywords}}

Alternative title: Your Guide to {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}{{Topic}}{{/extra2}}
Alternative meta description: {{#extra1}}Made for {{extra1}}. {{/extra1}}See what works, what to avoid and where to start, with practical steps you can use today.`,
    ],
  },
  {
    slug: 'product-descriptions',
    title: 'Product Descriptions',
    description: 'Write product descriptions that highlight benefits and help shoppers decide.',
    category: ['Marketing', 'Business'],
    isFree: true,
    fields: [
      keywordsField('Product description', 'e.g. Linen throw blanket: stonewashed, 130x170 cm, 5 colours', 2000),
      extraField('extra1', 'Target audience', 'e.g. people furnishing their first home', 200),
      extraField('extra2', 'Price or offer', 'e.g. €49, free shipping', 100),
      hostedToneField('e.g. cosy, premium, playful'),
      lengthField(),
    ],
    prompt: `Write a product description for: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}{{#extra2}}
Price or offer: {{extra2}}{{/extra2}}
Start with a benefit-led opening sentence, describe how the product improves the customer's life, turn features into benefits, add a short bullet list of key specifications, and finish with a reason to buy now. Do not invent specifications.`,
    builtin: [
      `{{Topic}}

Made for everyday life{{#extra1}}, and perfect for {{extra1}}{{/extra1}}. It looks good, works hard and makes the little moments better.

Why you'll love it{{#keywordList}}
- {{item}}{{/keywordList}}

{{^isShort}}
Thoughtfully designed and built to last, it is the kind of product you stop noticing because it simply does its job, every single day.

{{/isShort}}
{{#isLong}}
Care and quality: we test every detail so you don't have to worry about it. If anything is not right, our team is here to help.

{{/isLong}}
{{#extra2}}{{extra2}}. {{/extra2}}Add it to your basket today.`,
      `Meet your new favourite ✨

{{#keywordList}}
★ {{item}}
{{/keywordList}}

{{^isShort}}
Whether it's for you or a gift{{#extra1}} for {{extra1}}{{/extra1}}, it brings comfort and quality together in one simple package.

{{/isShort}}
{{#extra2}}
Price: {{extra2}}
{{/extra2}}
Order now while stock lasts.`,
    ],
  },
  {
    slug: 'press-release-generator',
    aliases: ['press-release'],
    title: 'Press Release Generator',
    description:
      'Write a professional press release in the standard news format, with headline, lead, quote and boilerplate.',
    category: ['Marketing', 'Business'],
    isFree: false,
    fields: [
      keywordsField('Product/Service name', 'e.g. Northwind Studio', 1000),
      extraArea(
        'extra1',
        'What is your press release about?',
        'e.g. Northwind Studio opens a new office in Lisbon and hires 20 people',
        1000,
      ),
      extraField('extra2', 'Keywords', 'e.g. design agency, Lisbon, hiring', 1000),
      hostedToneField('e.g. professional'),
      extraArea('extra3', 'Quote and who said it', 'e.g. "We are thrilled to grow in Lisbon." Ana Costa, CEO', 1000),
      extraArea(
        'extra4',
        'About the company and media contact',
        'e.g. Founded in 2015... Contact: press@northwind.example',
        500,
      ),
      lengthField(),
    ],
    prompt: `Write a press release for: {{keywords}}{{#extra1}}
The news: {{extra1}}{{/extra1}}{{#extra2}}
Keywords to work in naturally: {{extra2}}{{/extra2}}{{#extra3}}
Quote to include: {{extra3}}{{/extra3}}{{#extra4}}
Boilerplate and media contact: {{extra4}}{{/extra4}}
Use the standard format: headline, subheadline, a dateline with [City, Date] placeholders, a lead paragraph answering who, what, when, where and why, supporting paragraphs, a quote, an "About" section and media contact, ending with ###. Do not invent figures; use [brackets] for details that are not given.`,
    builtin: [
      `FOR IMMEDIATE RELEASE

News from {{Topic}}

[City, Date] {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}{{Topic}} today announced news for its customers and partners.{{/extra1}}

{{^isShort}}
The announcement marks an important step for {{topic}} and reflects a continued commitment to customers, partners and the wider community.

{{/isShort}}
{{#extra3}}
{{extra3}}

{{/extra3}}
{{#isLong}}
Further details, images and interview opportunities are available on request.

{{/isLong}}
{{#extra2}}
Tags: {{extra2}}

{{/extra2}}
{{#extra4}}
About {{topic}}
{{extra4}}

{{/extra4}}
###`,
      `NEWS RELEASE | {{Topic}}

Headline: {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}{{Topic}} shares its latest news{{/extra1}}
Subheadline: what it means for customers, partners and the industry

Key facts
- Who: {{keywords}}
- What: {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[the announcement in one sentence]{{/extra1}}
- When and where: [City, Date]
{{#extra2}}
- Topics: {{extra2}}
{{/extra2}}

{{#extra3}}
Quote
{{extra3}}

{{/extra3}}
{{^isShort}}
Background
[Two or three sentences of context: why this matters now and what comes next.]

{{/isShort}}
Media contact
{{#extra4}}{{extra4}}{{/extra4}}{{^extra4}}[Name, email, phone]{{/extra4}}

###`,
    ],
  },
  {
    slug: 'google-ads-copy',
    title: 'Google Ads Copy',
    description: 'Write search ad headlines and descriptions within Google Ads character limits.',
    category: ['Marketing'],
    isFree: false,
    fields: [
      keywordsField('Product or service', 'e.g. Online bookkeeping for freelancers', 1000),
      extraField('extra1', 'Main search keyword', 'e.g. freelance bookkeeping', 100),
      extraField('extra2', 'Unique selling point', 'e.g. set up in 10 minutes, from €9/month', 200),
      extraField('extra3', 'Call to action', 'e.g. Start your free trial', 100),
    ],
    prompt: `Write Google responsive search ad copy for: {{keywords}}{{#extra1}}
Main search keyword: {{extra1}}{{/extra1}}{{#extra2}}
Unique selling point: {{extra2}}{{/extra2}}{{#extra3}}
Call to action: {{extra3}}{{/extra3}}
Write 10 headlines of at most 30 characters and 4 descriptions of at most 90 characters. Include the keyword in several headlines, use specific benefits and numbers where possible, and show the character count after each line.`,
    builtin: [
      `Headlines (max. 30 characters each, shorten where needed)
1. {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}{{Topic}}{{/extra1}}
2. {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}Try It Free Today{{/extra3}}
3. Simple, Fast and Reliable
4. Trusted by Thousands

Descriptions (max. 90 characters each)
1. {{Topic}}. {{#extra2}}{{extra2}}.{{/extra2}}{{^extra2}}Get started in minutes.{{/extra2}}
2. Save time and get results. {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}Sign up today{{/extra3}}!`,
      `Ad group: {{topic}}

H1: {{Topic}}
H2: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}Results You Can See{{/extra2}}
H3: {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}Get Started Now{{/extra3}}

D1: Looking for {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}{{topic}}{{/extra1}}? We make it easy. {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}Start today{{/extra3}}.
D2: Clear pricing, friendly support and no long contracts.

Check every line against the character limits before publishing.`,
    ],
  },
  {
    slug: 'facebook-ad-copy',
    title: 'Facebook Ad Copy',
    description: 'Write Facebook and Instagram ad copy with primary text, headline and description.',
    category: ['Marketing', 'Social Media'],
    isFree: false,
    fields: [
      keywordsField('Product or offer', 'e.g. Noise-cancelling headphones for open offices, 25% off', 1000),
      extraField('extra1', 'Target audience', 'e.g. people working in shared spaces', 200),
      extraField('extra2', 'Call to action', 'e.g. Shop now', 100),
      toneField(),
    ],
    prompt: `Write Facebook and Instagram ad copy for: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}{{#extra2}}
Call to action: {{extra2}}{{/extra2}}
Give three variations, each with primary text (hook in the first 125 characters), a headline of at most 40 characters and a description of at most 30 characters.`,
    builtin: [
      `Primary text
{{#extra1}}Calling all {{extra1}}! {{/extra1}}Meet {{topic}}, the simple upgrade you didn't know you needed.{{#keywordList}}
✅ {{item}}{{/keywordList}}

Headline: {{Topic}}
Description: Limited-time offer
Button: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}Learn more{{/extra2}}`,
      `Primary text
Tired of settling? {{Topic}} is here to change that. Join the people who already made the switch.

Headline: Your upgrade starts here
Description: {{topic}}
Call to action: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}Shop now{{/extra2}}`,
    ],
  },
  {
    slug: 'landing-page-copy',
    title: 'Landing Page Copy',
    description: 'Write landing page copy with a hero section, benefits, social proof and call to action.',
    category: ['Marketing'],
    isFree: false,
    fields: [
      keywordsField('Product or service', 'e.g. A shared calendar that finds meeting-free focus time', 1000),
      extraField('extra1', 'Target audience', 'e.g. teams of 5-50 people', 200),
      extraField('extra2', 'Main benefit', 'e.g. two extra hours of focus per day', 200),
      extraField('extra3', 'Call to action', 'e.g. Start free for 14 days', 100),
      lengthField(),
    ],
    prompt: `Write landing page copy for: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}{{#extra2}}
Main benefit: {{extra2}}{{/extra2}}{{#extra3}}
Call to action: {{extra3}}{{/extra3}}
Include a hero headline and subheadline, a button label, three benefit blocks with titles, a how-it-works section in three steps, a testimonial placeholder, an FAQ with three questions, and a closing call to action.`,
    builtin: [
      `HERO
Headline: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}{{Topic}}, without the hassle{{/extra2}}
Subheadline: {{Topic}}{{#extra1}}, built for {{extra1}}{{/extra1}}.
Button: {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}Get started{{/extra3}}

BENEFITS{{#keywordList}}
■ {{item}}{{/keywordList}}

{{^isShort}}
HOW IT WORKS
1. Sign up in minutes.
2. Set it up the way you like.
3. See results from day one.

{{/isShort}}
{{#isLong}}
SOCIAL PROOF
"[Customer quote about the result they got]" [Name, role, company]

FAQ
Is it hard to set up? No, most people are up and running in a few minutes.
Can I cancel anytime? Yes, there are no long-term contracts.

{{/isLong}}
FINAL CALL TO ACTION
Ready to get started? {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}Try it today{{/extra3}}.`,
      `# {{Topic}}

{{#extra2}}{{extra2}}.{{/extra2}}{{^extra2}}Everything you need, nothing you don't.{{/extra2}}

[{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}Start now{{/extra3}}]

## Why teams choose us{{#keywordList}}
- **{{item}}**, done right{{/keywordList}}

{{^isShort}}
## Made for {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}people like you{{/extra1}}
We listened to hundreds of users and built only what matters.

{{/isShort}}
## Get started today
No credit card required.`,
    ],
  },
  {
    slug: 'newsletter-email',
    title: 'Newsletter Email',
    description: 'Write an engaging newsletter email around the updates or topics you want to share.',
    category: ['Marketing', 'Content'],
    isFree: false,
    fields: [
      keywordsField('Topics or updates to include', 'e.g. new feature launch, customer story, upcoming webinar', 2000),
      extraField('extra1', 'Newsletter or brand name', 'e.g. The Northwind Weekly', 100),
      extraField('extra2', 'Main call to action', 'e.g. Register for the webinar', 200),
      toneField(),
      lengthField(),
    ],
    prompt: `Write a newsletter email covering: {{keywords}}{{#extra1}}
Newsletter or brand: {{extra1}}{{/extra1}}{{#extra2}}
Main call to action: {{extra2}}{{/extra2}}
Include a subject line, preview text, a friendly opening, a short section per topic with a heading, one main call to action and a sign-off.`,
    builtin: [
      `Subject: This week: {{topic}}

Hi there,

Welcome to {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}this week's newsletter{{/extra1}}! Here is what we have for you.

{{#keywordList}}
■ {{item}}
{{^isShort}}
A quick look at {{item}}: what is new, why it matters and what you can do with it.
{{/isShort}}

{{/keywordList}}
{{#extra2}}
👉 {{extra2}}

{{/extra2}}
Thanks for reading, and see you next time!`,
      `{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}Newsletter{{/extra1}}
In this issue: {{topic}}

Hello!

{{^isShort}}
It has been a busy few weeks, and we are excited to share the highlights with you.

{{/isShort}}
{{#keywordList}}
{{index}}. {{item}}
{{/keywordList}}

{{#isLong}}
Have an idea for a future issue? Hit reply. We read every message.

{{/isLong}}
{{#extra2}}Don't miss out: {{extra2}}{{/extra2}}{{^extra2}}Until next time!{{/extra2}}`,
    ],
  },
  {
    slug: 'features-to-benefits',
    title: 'Features to Benefits',
    description: 'Turn product features into customer benefits that explain why each feature matters.',
    category: ['Marketing'],
    isFree: true,
    fields: [
      keywordsField('Product features', 'e.g. 20-hour battery, USB-C charging, foldable design', 1000),
      extraField('extra1', 'Product name', 'e.g. Northwind Travel Speaker', 100),
      extraField('extra2', 'Target customer', 'e.g. people who travel for work', 200),
    ],
    prompt: `Turn these product features into customer benefits: {{keywords}}{{#extra1}}
Product: {{extra1}}{{/extra1}}{{#extra2}}
Target customer: {{extra2}}{{/extra2}}
For each feature write one benefit sentence that explains what it means for the customer's day, using "so you can..." or similar wording, then summarise the overall value in one sentence.`,
    builtin: [
      `{{#extra1}}{{extra1}}: what{{/extra1}}{{^extra1}}What{{/extra1}} each feature means for you

{{#keywordList}}
{{item}}, so you can spend less time worrying and more time on what matters.
{{/keywordList}}

In short: everything is designed around your day{{#extra2}} as {{extra2}}{{/extra2}}.`,
      `| Feature | Benefit |
| --- | --- |{{#keywordList}}
| {{item}} | Makes your day easier and saves you effort |{{/keywordList}}

Tip: replace each benefit with the specific result your customers{{#extra2}} ({{extra2}}){{/extra2}} care about most.`,
    ],
  },
  {
    slug: 'customer-persona',
    title: 'Customer Persona',
    description: 'Build a customer persona with goals, frustrations, habits and the messages that resonate.',
    category: ['Marketing', 'Business'],
    isFree: false,
    fields: [
      keywordsField('Product or business', 'e.g. A budgeting app for freelancers', 1000),
      extraField('extra1', 'Target market', 'e.g. freelance designers aged 25-40 in Europe', 300),
      extraArea(
        'extra2',
        'What you know about your customers',
        'e.g. irregular income, hate spreadsheets, use mobile',
        1000,
      ),
    ],
    prompt: `Create a detailed customer persona for: {{keywords}}{{#extra1}}
Target market: {{extra1}}{{/extra1}}{{#extra2}}
What is known about the customers: {{extra2}}{{/extra2}}
Include a name and short bio, demographics, goals, frustrations, buying triggers and objections, preferred channels, and three marketing messages that would resonate with this persona.`,
    builtin: [
      `Persona: "Alex", the target customer for {{topic}}

Who Alex is
{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}Describe age, role and situation here.{{/extra1}}

What Alex knows about the problem
{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}Alex knows the problem well but hasn't found a solution that fits.{{/extra2}}

Goals
- Save time and reduce stress
- Feel confident about the decisions being made

Frustrations
- Tools that are too complicated
- Solutions that promise much and deliver little

Messages that resonate
1. "{{Topic}}, without the complexity."
2. "Built for people like you."
3. "See results in your first week."`,
      `Customer profile: {{Topic}}

Snapshot: {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[demographics and role]{{/extra1}}
Needs: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}[key needs]{{/extra2}}

Jobs to be done{{#keywordList}}
- When it comes to {{item}}, they want a reliable result without extra effort.{{/keywordList}}

Objections to address: price, time to learn, switching cost.
Where to reach them: search, communities, word of mouth.`,
    ],
  },
  {
    slug: 'catchy-tagline',
    title: 'Catchy Tagline',
    description: 'Create catchy slogans and taglines for your business, product or campaign.',
    category: ['Marketing', 'Business'],
    isFree: true,
    fields: [
      keywordsField(
        'Tell us about your business or product',
        'e.g. A neighbourhood bakery baking sourdough with local flour every morning',
        1000,
      ),
      extraField('extra1', 'Brand name', 'e.g. Corner Loaf', 100),
      toneField('e.g. playful, premium, bold'),
    ],
    prompt: `Write 10 catchy taglines for this business or product: {{keywords}}{{#extra1}}
Brand name: {{extra1}}{{/extra1}}
Keep each under eight words, make them memorable and easy to say, focus on the benefit or feeling rather than the features, and vary the style (rhyme, wordplay, promise, command, question). Mark your two favourites.`,
    builtin: [
      `Tagline ideas{{#extra1}} for {{extra1}}{{/extra1}}
Based on: {{keywords}}

1. Less effort. Better results.
2. Made for the way you live.
3. Simple by design.
4. Good things, done right.
5. {{#extra1}}{{extra1}}. {{/extra1}}You'll wonder how you managed without it.`,
      `{{#extra1}}
{{extra1}}: the better way, every day.
{{extra1}}: small change, big difference.
{{extra1}}: you'll feel the difference.
{{/extra1}}
{{^extra1}}
The better way, every day.
Small change, big difference.
You'll feel the difference.
{{/extra1}}

Tip: the strongest taglines name one feeling or result. Start from the single best thing in your description ({{topic}}) and say it in five words or fewer.`,
    ],
  },
  {
    slug: 'amazon-product-description-paragraph',
    title: 'Amazon Product Description',
    description: 'Create Amazon product description paragraphs that turn features into reasons to buy.',
    category: ['Marketing', 'Business'],
    isFree: false,
    fields: [
      keywordsField('Product name', 'e.g. Aveeno Baby Daily Wash', 1000),
      extraArea(
        'extra1',
        'Key benefits/features',
        'e.g. A baby soap that is gentle and effective. Formulated with natural oat ingredients.',
        1000,
      ),
      hostedToneField('e.g. witty, professional'),
    ],
    prompt: `Write an Amazon product description for: {{keywords}}{{#extra1}}
Key benefits and features: {{extra1}}{{/extra1}}
Write one or two short paragraphs that open with the main benefit, turn each feature into a reason to buy, work in the words shoppers would search for naturally, and stay factual: no claims that are not supported by the features given, no prices, promotions, contact details or links, as Amazon's listing rules require.`,
    builtin: [
      `Meet {{keywords}}{{#extra1}}: {{extra1}}{{/extra1}}{{^extra1}}, made to make everyday life a little easier.{{/extra1}}

Whether you are buying for yourself or as a gift, {{topic}} is designed to deliver the same reliable quality every time you use it. It is easy to use, easy to love and built to fit into your routine without any fuss.`,
      `Why choose {{keywords}}?

Good products should make life simpler, and {{topic}} does exactly that.{{#extra1}}
What makes it stand out: {{extra1}}{{/extra1}}

From the first use, you will notice the difference in quality and care. Add {{topic}} to your cart today and see why it belongs in your everyday routine.`,
    ],
  },
  {
    slug: 'amazon-product-bullets',
    title: 'Amazon Product Bullets',
    description: 'Create key feature and benefit bullet points for Amazon product listings.',
    category: ['Marketing', 'Business'],
    isFree: false,
    fields: [
      keywordsField('Product name', 'e.g. Aveeno Baby Daily Wash', 1000),
      extraArea(
        'extra1',
        'Key benefits/features',
        'e.g. A baby soap that is gentle and effective. Formulated with natural oat ingredients.',
        1000,
      ),
      hostedToneField('e.g. witty, professional'),
    ],
    prompt: `Write 5 Amazon "About this item" bullet points for: {{keywords}}{{#extra1}}
Key benefits and features: {{extra1}}{{/extra1}}
Start each bullet with a short benefit in capital letters followed by a colon, then explain the feature behind it in one or two sentences. Put the most important benefit first, work in the words shoppers would search for, and stay factual: no prices, promotions or claims that are not supported by the features given.`,
    builtin: [
      `About this item: {{keywords}}
• WHY IT STANDS OUT: {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}{{Topic}} is designed to do one job really well, every time.{{/extra1}}
• EASY TO USE: Ready to go straight out of the box, with nothing complicated to learn.
• MADE TO LAST: Quality materials and careful design mean it keeps performing day after day.
• FITS YOUR ROUTINE: Simple enough for every day, good enough for special occasions.
• A GREAT GIFT: Thoughtful, practical and appreciated by anyone who likes things done right.`,
      `{{Topic}}: key features
• EVERYDAY QUALITY: {{Topic}} is made to the same high standard in every batch, so you know what to expect.
{{#extra1}}
• THE DETAILS: {{extra1}}
{{/extra1}}
• SIMPLE AND CONVENIENT: Designed to save you time, with no fuss and no learning curve.
• THOUGHTFULLY DESIGNED: Every detail has a purpose, from the first use to the last.
• SHOP WITH CONFIDENCE: Questions about {{topic}}? Contact the seller through Amazon and we will be glad to help.`,
    ],
  },
  {
    slug: 'google-ads-headlines',
    title: 'Google Ads Headlines',
    description: 'Write short Google Ads headlines within the 30-character limit that earn the click.',
    category: ['Marketing'],
    isFree: false,
    fields: [
      keywordsField(
        'Product or service description',
        'e.g. Online bookkeeping for freelancers, set up in 10 minutes, from €9 a month',
        1000,
      ),
      extraField('extra1', 'Target audience', 'e.g. freelancers and sole traders', 200),
      extraField('extra2', 'Target keywords', 'e.g. freelance bookkeeping, invoicing app', 200),
      hostedToneField('e.g. clear, confident'),
    ],
    prompt: `Write 15 Google Ads headlines for: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}{{#extra2}}
Target keywords: {{extra2}}{{/extra2}}
Each headline must be 30 characters or fewer, spaces included. Use the target keywords in several of them, vary the angle (benefit, feature, offer, urgency, trust, question, call to action), prefer specific numbers to vague claims, and avoid exclamation marks and all caps, which Google restricts. Show the character count after each headline.`,
    builtin: [
      `Headlines (30 characters max each)
Product: {{keywords}}

1. Simple Setup, No Contracts
2. See How It Works
3. Start Your Free Trial Today
4. Save Hours Every Week
5. Get a Quote in Minutes
{{#extra1}}
6. Made for {{extra1}}
{{/extra1}}
{{#extra2}}

Also write one headline around each target keyword: {{extra2}}
{{/extra2}}

Check every line against the limit before publishing and trim where needed.`,
      `Headline set{{#extra1}} for {{extra1}}{{/extra1}}
Product: {{keywords}}

Keyword: {{#extra2}}[one of: {{extra2}}]{{/extra2}}{{^extra2}}[your main search keyword]{{/extra2}}
Benefit: Results From Day One
Offer: Try It Free for 14 Days
Trust: Rated by Real Customers
Urgency: Limited Spots This Month
Question: Tired of Doing It by Hand?
Action: Book Your Demo Now

Pin the keyword headline to position 1 and let Google test the rest.`,
    ],
  },
  {
    slug: 'google-ads-descriptions',
    title: 'Google Ads Descriptions',
    description: 'Write Google Ads descriptions within the 90-character limit that turn searches into clicks.',
    category: ['Marketing'],
    isFree: false,
    fields: [
      keywordsField(
        'Product or service description',
        'e.g. Online bookkeeping for freelancers, set up in 10 minutes, from €9 a month',
        1000,
      ),
      extraField('extra1', 'Target audience', 'e.g. freelancers and sole traders', 200),
      extraField('extra2', 'Target keywords', 'e.g. freelance bookkeeping, invoicing app', 200),
      extraField('extra3', 'Call to action', 'e.g. Start your free trial', 100),
      hostedToneField('e.g. clear, confident'),
    ],
    prompt: `Write 6 Google Ads descriptions for: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}{{#extra2}}
Target keywords: {{extra2}}{{/extra2}}{{#extra3}}
Call to action: {{extra3}}{{/extra3}}
Each description must be 90 characters or fewer, spaces included. Lead with a concrete benefit, include a keyword where it reads naturally, add a differentiator or proof point, end with a call to action, and avoid exclamation marks in more than one of them. Show the character count after each description.`,
    builtin: [
      `Descriptions (90 characters max each)
Based on: {{keywords}}

1. {{#extra1}}Made for {{extra1}}. {{/extra1}}Clear pricing, quick setup and friendly support.
2. Save time every week with a tool that does the busywork for you. {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}Start today{{/extra3}}.
3. Get started in minutes, with no long contract and no hidden fees.
{{#extra2}}

Work one of these keywords into each description: {{extra2}}
{{/extra2}}`,
      `D1: Everything you need, without the hassle. {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}See how it works{{/extra3}}.
D2: Trusted by customers who want results, not complexity. Try it free.
D3: No setup fees, no lock-in, cancel anytime{{#extra1}}. Built for {{extra1}}{{/extra1}}.

Product: {{keywords}}{{#extra2}}
Keywords: {{extra2}}{{/extra2}}
Trim any line over 90 characters before publishing.`,
    ],
  },
  {
    slug: 'facebook-ads-headlines',
    title: 'Facebook Ads Headlines',
    description: 'Write short, scroll-stopping headlines for Facebook and Instagram ads.',
    category: ['Marketing', 'Social Media'],
    isFree: false,
    fields: [
      keywordsField(
        'Product or service description',
        'e.g. Noise-cancelling headphones for open offices, 25% off this week',
        1000,
      ),
      extraField('extra1', 'Target audience', 'e.g. people working in shared spaces', 200),
      hostedToneField('e.g. playful, bold'),
    ],
    prompt: `Write 10 Facebook ad headlines for: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}
Keep each under 40 characters so it is not cut off on mobile, lead with the benefit or offer, vary the angle (benefit, curiosity, offer, social proof, question), and make each one work on its own next to an image.`,
    builtin: [
      `Headline ideas{{#extra1}} for {{extra1}}{{/extra1}}
Product: {{keywords}}

1. Your upgrade starts here
2. The one you'll actually use
3. Finally, it just works
4. See why people are switching
5. Less hassle, better results`,
      `Benefit: More done, less stress
Curiosity: The small change everyone notices
Offer: Limited-time price, today only
Social proof: Loved by people like you{{#extra1}} ({{extra1}}){{/extra1}}
Question: Ready for something better?

Pair each headline with the strongest point from: {{keywords}}`,
    ],
  },
  {
    slug: 'facebook-ads-primary-text',
    title: 'Facebook Ads Primary Text',
    description: 'Write the primary text of Facebook and Instagram ads, with a strong hook and a clear call to action.',
    category: ['Marketing', 'Social Media'],
    isFree: false,
    fields: [
      keywordsField(
        'Product or service description',
        'e.g. Noise-cancelling headphones for open offices, 25% off this week',
        1000,
      ),
      extraField('extra1', 'Target audience', 'e.g. people working in shared spaces', 200),
      extraField('extra2', 'Offer or call to action', 'e.g. 25% off until Sunday, shop now', 200),
      hostedToneField('e.g. friendly, energetic'),
      lengthField('Short'),
    ],
    prompt: `Write 3 versions of the primary text for a Facebook ad for: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}{{#extra2}}
Offer or call to action: {{extra2}}{{/extra2}}
Put the hook in the first 125 characters (the part shown before "See more"), speak to the reader's situation, give one or two concrete benefits, use emojis sparingly, and end with a clear call to action.`,
    builtin: [
      `{{#extra1}}Calling all {{extra1}} 👋{{/extra1}}{{^extra1}}Still settling for "good enough"? 👋{{/extra1}}

{{keywords}}

{{^isShort}}
✅ Easy to start, no learning curve
✅ Results you notice from day one
✅ Friendly support when you need it

{{/isShort}}
{{#isLong}}
We built it because we were tired of tools that promise a lot and deliver little. Thousands of small improvements later, it is the product we always wanted.

{{/isLong}}
{{#extra2}}👉 {{extra2}}{{/extra2}}{{^extra2}}👉 Tap "Learn more" to see how it works.{{/extra2}}`,
      `Stop scrolling for a second.{{#extra1}} This one is for {{extra1}}.{{/extra1}}

{{keywords}}

{{^isShort}}
It takes minutes to get started, and you will feel the difference the same week.

{{/isShort}}
{{#extra2}}
{{extra2}} 🎉
{{/extra2}}
{{^extra2}}
Try it today 🎉
{{/extra2}}`,
    ],
  },
  {
    slug: 'testimonial-and-review-generator',
    title: 'Testimonial & Review Generator',
    description: 'Draft customer testimonials and reviews from real feedback, ready for the customer to approve.',
    category: ['Marketing', 'Business'],
    isFree: true,
    fields: [
      keywordsField('Product/Service name', 'e.g. Northwind Studio', 1000),
      extraArea(
        'extra1',
        'What to include',
        'e.g. Amazing app, I can quickly create content for my blog and social media',
        1000,
      ),
      extraField('extra2', 'Customer name and role', 'e.g. Maria, bakery owner', 200),
      hostedToneField('e.g. catchy, energetic, clever'),
      lengthField(),
    ],
    prompt: `Write three customer testimonials for: {{keywords}}{{#extra1}}
What the customer said or what to include: {{extra1}}{{/extra1}}{{#extra2}}
Customer: {{extra2}}{{/extra2}}
Write in a natural first-person voice, mention a specific result or moment rather than generic praise, use only the details given (no invented numbers), and vary the focus of each one. They are drafts for real customers to review and approve before publishing.`,
    builtin: [
      `★★★★★

"{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}I was not sure what to expect, but {{topic}} quickly became part of my routine.{{/extra1}}"
{{^isShort}}
"What I like most is how easy {{topic}} is to get started with. It saves me time every week, and the results speak for themselves."
{{/isShort}}
{{#isLong}}
"I have already recommended it to friends and colleagues, and I would do it again without hesitation."
{{/isLong}}

{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}[Customer name, role]{{/extra2}}`,
      `Review of {{keywords}}

I started using {{topic}} recently, and it has already earned its place.
{{#extra1}}
In my own words: {{extra1}}
{{/extra1}}
{{^isShort}}
Before, I spent far too long on this. Now it just works, and I can focus on the things that matter.
{{/isShort}}
{{#isLong}}
The team behind it is responsive and clearly listens to feedback. Every update makes it better.
{{/isLong}}
Would I recommend {{topic}}? Absolutely.
{{#extra2}}
{{extra2}}
{{/extra2}}`,
    ],
  },
  {
    slug: 'brand-story',
    title: 'Brand Story',
    description: 'Tell the story of your brand: where it began, what it believes and why customers should care.',
    category: ['Marketing', 'Business'],
    isFree: false,
    fields: [
      keywordsField(
        'About your brand',
        'e.g. A family-run olive oil producer from Crete selling direct to customers',
        1000,
      ),
      extraArea(
        'extra1',
        'How it started',
        'e.g. Our grandfather planted the first trees in 1962 and pressed oil for the village',
        1000,
      ),
      extraField('extra2', 'Who you serve', 'e.g. home cooks who care where their food comes from', 200),
      extraField('extra3', 'What you stand for', 'e.g. transparency, small batches, fair prices', 300),
      toneField('e.g. warm, proud, down-to-earth'),
      lengthField(),
    ],
    prompt: `Write a brand story for: {{keywords}}{{#extra1}}
How it started: {{extra1}}{{/extra1}}{{#extra2}}
Who it serves: {{extra2}}{{/extra2}}{{#extra3}}
What it stands for: {{extra3}}{{/extra3}}
Tell it as a story: where it began, the belief or problem that drove the founders, the turning point, what the brand does today and for whom, and what it promises its customers. Use concrete details from the input rather than clichés, and end with a line that invites the reader in.`,
    builtin: [
      `Our story

{{#extra1}}
{{extra1}}
{{/extra1}}
{{^extra1}}
Every brand starts with a question. Ours was simple: why is it so hard to find something we would be proud to use ourselves?
{{/extra1}}

{{^isShort}}
What began as a small idea grew slowly, one customer and one lesson at a time. We made mistakes, kept what worked and never lost sight of why we started.

{{/isShort}}
Where we are today: {{keywords}}

{{#extra2}}
We do it for {{extra2}}.
{{/extra2}}
{{#extra3}}
What we stand for: {{extra3}}
{{/extra3}}
{{#isLong}}

Our promise is simple: to keep doing things properly, even when the shortcut would be easier, and to be honest with you about how we work.
{{/isLong}}

Welcome. We are glad you found us.`,
      `It started small.{{#extra1}} {{extra1}}{{/extra1}}

{{^isShort}}
We believed there was a better way: more care, more honesty and more attention to the details most people never see.

{{/isShort}}
Today: {{keywords}}
{{#extra3}}
The values behind every decision: {{extra3}}
{{/extra3}}
{{#isLong}}

Growing has never meant cutting corners. Every new product and every new customer is a chance to prove that the way we work is worth it.
{{/isLong}}

{{#extra2}}We exist for {{extra2}}. If that sounds like you, this is your invitation: come and see for yourself.{{/extra2}}{{^extra2}}This is your invitation: come and see for yourself.{{/extra2}}`,
    ],
  },
  {
    slug: 'product-name-generator',
    title: 'Product Name Generator',
    description: 'Come up with memorable names for a new product, feature or product line.',
    category: ['Marketing', 'Business'],
    isFree: true,
    fields: [
      keywordsField(
        'Describe your product',
        'e.g. A reusable smart notebook that syncs handwritten notes to the cloud',
        1000,
      ),
      extraField('extra1', 'Brand or company name', 'e.g. Northwind', 100),
      extraField('extra2', 'Name style', 'e.g. playful, premium, technical, one word', 200),
      extraField('extra3', 'Target customers', 'e.g. students and people who take notes in meetings', 200),
    ],
    prompt: `Suggest 12 names for this product: {{keywords}}{{#extra1}}
Brand or company: {{extra1}}{{/extra1}}{{#extra2}}
Preferred style: {{extra2}}{{/extra2}}{{#extra3}}
Target customers: {{extra3}}{{/extra3}}
Mix descriptive names, invented words, metaphors and compound names; keep them short, easy to pronounce and free of unfortunate meanings in major markets; give a one-line rationale for each and mark your top three.`,
    builtin: [
      `Product naming directions
The product: {{keywords}}
{{#extra2}}
Style to aim for: {{extra2}}
{{/extra2}}

1. Brand + function: {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[Brand]{{/extra1}} Note, {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[Brand]{{/extra1}} Go, {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[Brand]{{/extra1}} One (clear and easy to extend into a product line)
2. Invented word: blend two syllables from what the product does into one short, ownable word
3. Metaphor: name the feeling of using it (lightness, flow, spark, anchor)
4. Number or model style: works well for technical products and later versions
{{#extra3}}

Test the shortlist with {{extra3}} before deciding.
{{/extra3}}`,
      `Naming checklist for: {{keywords}}

- Can it be said and spelled after hearing it once?
- Does it still work if the product grows or changes?
- Does it sound good next to your brand{{#extra1}}: "{{extra1}} ..."{{/extra1}}?
- Is the domain or app store name available?
- Does it mean anything unfortunate in the markets you sell to?
{{#extra2}}
- Does it feel {{extra2}}?
{{/extra2}}
{{#extra3}}
- Would {{extra3}} understand it without an explanation?
{{/extra3}}`,
    ],
  },
  {
    slug: 'win-back-email',
    title: 'Win-Back Email',
    description: 'Write an email that invites lapsed customers back with what is new and a reason to return.',
    category: ['Marketing'],
    isFree: false,
    fields: [
      keywordsField('Product or service', 'e.g. Weekly meal-kit subscription with recipes for four', 1000),
      extraField('extra1', 'Customer name', 'e.g. Jamie', 100),
      extraField('extra2', 'Comeback offer', 'e.g. 40% off your next two boxes until 30 June', 200),
      extraField('extra3', 'What is new since they left', 'e.g. vegetarian menu, flexible delivery days', 300),
      extraField('extra4', 'Brand name', 'e.g. Northwind Kitchen', 100),
      toneField(),
    ],
    prompt: `Write a win-back email to a customer who stopped using: {{keywords}}{{#extra1}}
Customer: {{extra1}}{{/extra1}}{{#extra2}}
Comeback offer: {{extra2}}{{/extra2}}{{#extra3}}
What is new since they left: {{extra3}}{{/extra3}}{{#extra4}}
Brand: {{extra4}}{{/extra4}}
Include a subject line and preview text, acknowledge that it has been a while without guilt-tripping, highlight what is new or improved, present the offer with its deadline if there is one, make coming back a single click, and add a one-line invitation to share why they left.`,
    builtin: [
      `Subject: We miss you{{#extra1}}, {{extra1}}{{/extra1}}
Preview: A lot has changed, and we saved you something.

Hi{{#extra1}} {{extra1}}{{/extra1}},

It has been a while, and we wanted to say hello. A quick reminder of what you have been missing: {{keywords}}

{{#extra3}}
What is new since you last visited: {{extra3}}

{{/extra3}}
{{#extra2}}
To welcome you back: {{extra2}}

{{/extra2}}
[Come back in one click]

If something did not work for you last time, just hit reply and tell us. We read every message.

{{#extra4}}The {{extra4}} team{{/extra4}}{{^extra4}}The team{{/extra4}}`,
      `Subject: Come back and see what's new
Preview: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}Your account is still here, ready when you are.{{/extra2}}

Hello{{#extra1}} {{extra1}}{{/extra1}},

We noticed you have not been around lately, and we wanted to let you know what has changed.
Still here for you: {{keywords}}

{{#extra3}}
Since you left, we have added {{extra3}}, mostly because customers like you asked for it.
{{/extra3}}
{{#extra2}}
Your comeback offer: {{extra2}}
{{/extra2}}

Pick up right where you left off: [Reactivate my account]

Not for you any more? Tell us why in one line, and it will help us get better.
{{#extra4}}
{{extra4}}
{{/extra4}}`,
    ],
  },
  {
    slug: 'customer-case-study',
    title: 'Customer Case Study',
    description: 'Write a customer success story that shows the challenge, your solution and the measurable results.',
    category: ['Marketing', 'Business'],
    isFree: false,
    fields: [
      keywordsField(
        'Customer and what they achieved',
        'e.g. Acme Logistics cut invoice processing time by 60% with our platform',
        1000,
      ),
      extraArea(
        'extra1',
        'The challenge',
        'e.g. 3,000 paper invoices a month, typed in by hand, frequent errors',
        1000,
      ),
      extraArea('extra2', 'The solution', 'e.g. automatic invoice capture connected to their accounting system', 1000),
      extraArea('extra3', 'Results and numbers', 'e.g. 60% faster processing, errors down from 4% to 0.5%', 1000),
      extraArea('extra4', 'Customer quote', 'e.g. "We got two days a month back." Priya Shah, Finance Lead', 500),
      lengthField(),
    ],
    prompt: `Write a customer case study about: {{keywords}}{{#extra1}}
The challenge: {{extra1}}{{/extra1}}{{#extra2}}
The solution: {{extra2}}{{/extra2}}{{#extra3}}
Results: {{extra3}}{{/extra3}}{{#extra4}}
Customer quote: {{extra4}}{{/extra4}}
Use these sections: a headline with the main result, an "At a glance" box (customer, challenge, solution, result), The Challenge, The Solution, The Results, the customer quote and a closing call to action. Use only the facts given and mark missing details with [brackets].`,
    builtin: [
      `Case study: {{Topic}}

At a glance
- Challenge: {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[the problem in one line]{{/extra1}}
- Solution: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}[what was put in place]{{/extra2}}
- Result: {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[the headline number]{{/extra3}}

{{^isShort}}
The challenge
{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[Describe the situation before, in the customer's words.]{{/extra1}}

The solution
{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}[Explain what was implemented and how long it took.]{{/extra2}}

{{/isShort}}
The results
{{keywords}}
{{#extra3}}
{{extra3}}
{{/extra3}}

{{#extra4}}
{{extra4}}

{{/extra4}}
{{#isLong}}
What's next
[How the customer plans to build on this success.]

{{/isLong}}
Want results like these? Get in touch and we will show you how.`,
      `{{Topic}}

{{#extra4}}
{{extra4}}

{{/extra4}}
Before: {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[the situation before]{{/extra1}}
How: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}[the solution]{{/extra2}}
After: {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[the measurable results]{{/extra3}}

{{^isShort}}
Every project like this starts with a conversation about what is slowing the team down. From there, we agree on a clear goal and a simple way to measure it.

{{/isShort}}
{{#isLong}}
The biggest lesson: small, well-chosen changes often deliver the largest results, as long as everyone agrees on what success looks like from the start.

{{/isLong}}
Ready to write your own success story? Book a call with our team.`,
    ],
  },
  {
    slug: 'sms-marketing-message',
    title: 'SMS Marketing Message',
    description: 'Write short promotional text messages that fit in one SMS and drive action.',
    category: ['Marketing'],
    isFree: true,
    fields: [
      keywordsField('Offer or announcement', 'e.g. Weekend flash sale: 25% off all shoes', 500),
      extraField('extra1', 'Brand name', 'e.g. Northwind Shoes', 100),
      extraField('extra2', 'Link or code', 'e.g. nw.shop/sale or code SHOE25', 200),
      extraField('extra3', 'Deadline', 'e.g. ends Sunday midnight', 100),
    ],
    prompt: `Write five SMS marketing messages for: {{keywords}}{{#extra1}}
Brand: {{extra1}}{{/extra1}}{{#extra2}}
Link or code: {{extra2}}{{/extra2}}{{#extra3}}
Deadline: {{extra3}}{{/extra3}}
Keep each under 160 characters including the link, start with the brand name so people know who is texting, lead with the value, include the link or code and the deadline where given, and end with "Reply STOP to opt out".`,
    builtin: [
      `{{#extra1}}{{extra1}}: {{/extra1}}{{keywords}}{{#extra3}} ({{extra3}}){{/extra3}}
{{#extra2}}
{{extra2}}
{{/extra2}}
Reply STOP to opt out`,
      `{{#extra1}}{{extra1}} here! {{/extra1}}Just for you: {{keywords}}
{{#extra2}}
Use {{extra2}}{{#extra3}}, {{extra3}}{{/extra3}}
{{/extra2}}
{{^extra2}}
{{#extra3}}
Hurry, {{extra3}}
{{/extra3}}
{{/extra2}}
STOP to opt out`,
    ],
  },
];
