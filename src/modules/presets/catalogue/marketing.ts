import type { PresetDefinition } from '../preset-types.js';
import { extraArea, extraField, keywordsField, lengthField, toneField } from './fields.js';

export const marketingPresets: PresetDefinition[] = [
  {
    slug: 'aida-framework',
    title: 'AIDA Framework',
    description: 'Write persuasive copy following Attention, Interest, Desire and Action.',
    category: ['Marketing'],
    isFree: true,
    fields: [
      keywordsField('Product or service', 'e.g. A standing desk that adjusts itself to your schedule', 1000),
      extraField('extra1', 'Target audience', 'e.g. remote workers with back pain', 200),
      extraField('extra2', 'Key benefit or offer', 'e.g. 20% off for the first 100 orders', 300),
      toneField(),
    ],
    prompt: `Write marketing copy using the AIDA framework (Attention, Interest, Desire, Action) for: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}{{#extra2}}
Key benefit or offer: {{extra2}}{{/extra2}}
Label each of the four parts. Attention: a bold opening line. Interest: facts or a relatable situation. Desire: the benefits and how life improves. Action: one clear call to action.`,
    builtin: [
      `Attention
Still putting up with the old way? It's time to discover {{topic}}.

Interest
{{#extra1}}For {{extra1}}, the{{/extra1}}{{^extra1}}The{{/extra1}} everyday frustrations add up: wasted time, extra effort and results that never quite match the promise. Here is what makes the difference:{{#keywordList}}
- {{item}}{{/keywordList}}

Desire
Imagine getting the result you want without the hassle, and having time and energy left for the things that matter.

Action
{{#extra2}}{{extra2}}. {{/extra2}}Get started today.`,
      `👀 {{Topic}}. Sounds too good to be true? Read on.

We built it because we were tired of settling{{#extra1}}, just like {{extra1}}{{/extra1}}. It's simple, it works, and it fits into your day without any fuss.

Picture this: less stress, better results, and the satisfaction of having made the right choice.

{{#extra2}}
Don't miss out: {{extra2}}
{{/extra2}}
👉 Try it now and see the difference for yourself.`,
    ],
  },
  {
    slug: 'problem-agitate-solution-framework',
    title: 'Problem-Agitate-Solution Framework',
    description: 'Write copy that names a problem, shows why it hurts and presents your offer as the solution.',
    category: ['Marketing'],
    isFree: true,
    fields: [
      keywordsField('Product or service', 'e.g. An app that turns meeting notes into action items', 1000),
      extraField('extra1', 'Target audience', 'e.g. busy project managers', 200),
      extraField('extra2', 'The problem it solves', 'e.g. action items get lost after meetings', 300),
      toneField(),
    ],
    prompt: `Write marketing copy using the Problem-Agitate-Solution framework for: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}{{#extra2}}
The problem it solves: {{extra2}}{{/extra2}}
Problem: describe the reader's pain in their own words. Agitate: show the consequences of leaving it unsolved. Solution: present the offer as the way out, with one clear call to action.`,
    builtin: [
      `Problem
{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}You know the feeling: the same problem keeps coming back, no matter how hard you try.{{/extra2}}

Agitate
{{#extra1}}For {{extra1}}, it{{/extra1}}{{^extra1}}It{{/extra1}} is more than an annoyance. It costs time, money and energy every single week, and the longer it goes on, the more it holds you back.

Solution
That is exactly why we created {{topic}}.{{#keywordList}}
✔ {{item}}{{/keywordList}}

Stop struggling and start seeing results. Try it today.`,
      `Let's be honest{{#extra1}}, {{extra1}}{{/extra1}}: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}the way things are done now simply isn't working{{/extra2}}.

And it's getting worse. Deadlines slip, frustration builds, and the fixes you have tried only paper over the cracks.

There is a better way: {{topic}}. It tackles the problem at its root, so you can focus on what you do best.

Ready to leave the problem behind? Get started now.`,
    ],
  },
  {
    slug: 'before-after-bridge-framework',
    title: 'Before-After-Bridge Framework',
    description: 'Write copy that contrasts life before and after your product and shows how to get there.',
    category: ['Marketing'],
    isFree: true,
    fields: [
      keywordsField('Product or service', 'e.g. A weekly meal-planning service', 1000),
      extraField('extra1', 'Target audience', 'e.g. working parents', 200),
      extraField('extra2', 'Life before', 'e.g. deciding what to cook at 7pm every night', 300),
      extraField('extra3', 'Life after', 'e.g. relaxed evenings with healthy meals ready to go', 300),
      toneField(),
    ],
    prompt: `Write marketing copy using the Before-After-Bridge framework for: {{keywords}}{{#extra1}}
Target audience: {{extra1}}{{/extra1}}{{#extra2}}
Life before: {{extra2}}{{/extra2}}{{#extra3}}
Life after: {{extra3}}{{/extra3}}
Before: paint the current situation. After: describe how it feels once the problem is gone. Bridge: show how the offer gets them there, and close with a call to action.`,
    builtin: [
      `Before
{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}Every day starts with the same struggle, and every evening ends with the same sense that there must be an easier way.{{/extra2}}

After
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}Now imagine that struggle gone: more time, less stress and results you are proud of.{{/extra3}}

Bridge
{{Topic}} is how you get from one to the other{{#extra1}}, designed for {{extra1}}{{/extra1}}.{{#keywordList}}
→ {{item}}{{/keywordList}}

Start today and feel the difference this week.`,
      `Right now: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}too much effort, too little to show for it{{/extra2}}.
Soon: {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}calm, control and more time for what matters{{/extra3}}.
The bridge: {{topic}}.

{{#extra1}}Thousands like you ({{extra1}}) are making the switch.{{/extra1}}{{^extra1}}People are making the switch every day.{{/extra1}} Ready to join them? Get started now.`,
    ],
  },
  {
    slug: 'email-subject-line-generation',
    title: 'Email Subject Line Generation',
    description: 'Generate email subject lines that get opened, for newsletters, campaigns and outreach.',
    category: ['Marketing', 'Business'],
    isFree: true,
    fields: [
      keywordsField('What is the email about?', 'e.g. Spring sale: 30% off all plans until Sunday', 1000),
      extraField('extra1', 'Audience', 'e.g. existing customers', 200),
      extraField('extra2', 'Goal of the email', 'e.g. get people to upgrade', 200),
      toneField(),
    ],
    prompt: `Write 10 email subject lines for an email about: {{keywords}}{{#extra1}}
Audience: {{extra1}}{{/extra1}}{{#extra2}}
Goal of the email: {{extra2}}{{/extra2}}
Keep each under 50 characters, mix styles (curiosity, benefit, urgency, question, personal), avoid spam-trigger words and all caps, and add a matching preview text for the best three.`,
    builtin: [
      `Subject line ideas

1. {{Topic}}
2. Quick question about {{topic}}
3. Don't miss this: {{topic}}
4. {{Topic}}, explained in 2 minutes
5. We thought you'd like this{{#extra1}}, {{extra1}}{{/extra1}}
6. Last chance: {{topic}}`,
      `{{#keywordList}}
- {{item}}: what you need to know
- The simple guide to {{item}}
{{/keywordList}}
- Your update on {{topic}} is here
- Re: {{topic}}
{{#extra2}}

Preview text: everything you need to {{extra2}}, in one short email.
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
      keywordsField('Page topic or focus keyword', 'e.g. remote team onboarding checklist', 500),
      extraField('extra1', 'Brand name', 'e.g. Northwind Studio', 100),
      extraField('extra2', 'Page content summary', 'e.g. free downloadable checklist with 25 steps', 300),
    ],
    prompt: `Write 5 SEO title tags and 5 meta descriptions for a page about: {{keywords}}{{#extra1}}
Brand name: {{extra1}}{{/extra1}}{{#extra2}}
What the page offers: {{extra2}}{{/extra2}}
Titles must be at most 60 characters with the focus keyword near the start. Meta descriptions must be 140 to 155 characters, describe the page accurately, include the keyword once and end with a reason to click.`,
    builtin: [
      `Title tags
1. {{Topic}}: The Complete Guide{{#extra1}} | {{extra1}}{{/extra1}}
2. {{Topic}}, Made Simple
3. {{Topic}}: Tips, Examples and Checklist

Meta descriptions
1. Learn everything about {{topic}}, with practical tips and examples you can use today.{{#extra2}} Includes {{extra2}}.{{/extra2}}
2. Looking for help with {{topic}}? Find clear answers and a simple step-by-step approach here.`,
      `SEO title: {{Topic}}{{#extra1}} | {{extra1}}{{/extra1}}
Meta description: {{#extra2}}{{extra2}}. {{/extra2}}Discover how to get {{topic}} right, with expert advice and practical steps. Read more.

Alternative title: Your Guide to {{Topic}}
Alternative meta description: {{Topic}} doesn't have to be complicated. See what works, what to avoid and where to start.`,
    ],
  },
  {
    slug: 'product-descriptions',
    title: 'Product Descriptions',
    description: 'Write product descriptions that highlight benefits and help shoppers decide.',
    category: ['Marketing', 'Business'],
    isFree: true,
    fields: [
      keywordsField('Product name and key features', 'e.g. Linen throw blanket: stonewashed, 130x170 cm, 5 colours', 2000),
      extraField('extra1', 'Target customer', 'e.g. people furnishing their first home', 200),
      extraField('extra2', 'Price or offer', 'e.g. €49, free shipping', 100),
      toneField('e.g. cosy, premium, playful'),
      lengthField(),
    ],
    prompt: `Write a product description for: {{keywords}}{{#extra1}}
Target customer: {{extra1}}{{/extra1}}{{#extra2}}
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
      `Meet your new favourite: {{topic}}.

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
    slug: 'press-release',
    title: 'Press Release',
    description: 'Write a press release in the standard news format, with headline, lead, quote and boilerplate.',
    category: ['Marketing', 'Business'],
    isFree: false,
    fields: [
      keywordsField('What is the news?', 'e.g. Northwind Studio opens a new office in Lisbon and hires 20 people', 2000),
      extraField('extra1', 'Company name', 'e.g. Northwind Studio', 200),
      extraField('extra2', 'Location and date', 'e.g. LISBON, 3 June 2025', 100),
      extraArea('extra3', 'Quote and who said it', 'e.g. "We are thrilled..." - Ana Costa, CEO', 1000),
      extraArea('extra4', 'About the company and media contact', 'e.g. Founded in 2015... Contact: press@northwind.example', 500),
      lengthField(),
    ],
    prompt: `Write a press release about: {{keywords}}{{#extra1}}
Company: {{extra1}}{{/extra1}}{{#extra2}}
Dateline: {{extra2}}{{/extra2}}{{#extra3}}
Quote to include: {{extra3}}{{/extra3}}{{#extra4}}
Boilerplate and media contact: {{extra4}}{{/extra4}}
Use the standard format: headline, subheadline, dateline, a lead paragraph answering who, what, when, where and why, supporting paragraphs, a quote, an "About" section and media contact, ending with ###.`,
    builtin: [
      `FOR IMMEDIATE RELEASE

{{Topic}}

{{#extra2}}{{extra2}}: {{/extra2}}{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}The company{{/extra1}} today announced {{topic}}.

{{^isShort}}
The announcement marks an important step for the company and reflects its continued commitment to its customers, partners and team.

{{/isShort}}
{{#extra3}}
{{extra3}}

{{/extra3}}
{{#isLong}}
Further details, including images and interview opportunities, are available on request.

{{/isLong}}
{{#extra4}}
About {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}the company{{/extra1}}
{{extra4}}

{{/extra4}}
###`,
      `NEWS RELEASE{{#extra2}} | {{extra2}}{{/extra2}}

Headline: {{Topic}}
Subheadline: {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}Company{{/extra1}} shares the details and what comes next

Key facts{{#keywordList}}
- {{item}}{{/keywordList}}

{{#extra3}}
Quote
{{extra3}}

{{/extra3}}
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
      extraArea('extra2', 'What you know about your customers', 'e.g. irregular income, hate spreadsheets, use mobile', 1000),
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
];
