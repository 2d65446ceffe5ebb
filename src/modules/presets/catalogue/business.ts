import type { PresetDefinition } from '../preset-types.js';
import { extraArea, extraField, keywordsField, lengthField, toneField } from './fields.js';

export const businessPresets: PresetDefinition[] = [
  {
    slug: 'reply-to-email',
    title: 'Reply to Email',
    description: 'Draft a clear, polite reply to an email you received, covering what you want to say.',
    category: ['Business'],
    isFree: true,
    fields: [
      keywordsField('Email you received', 'Paste the email you want to reply to', 5000),
      extraArea('extra1', 'What you want to say', 'e.g. Thank them, confirm Tuesday works, ask for the agenda', 1000),
      extraField('extra2', 'Your name', 'e.g. Sam Rivera', 100),
      toneField('e.g. friendly, formal, apologetic'),
      lengthField('Short'),
    ],
    prompt: `Write a reply to the email below.{{#extra1}}
The reply should say: {{extra1}}{{/extra1}}{{#extra2}}
Sign it with the name: {{extra2}}{{/extra2}}
Acknowledge the sender's main points, answer any questions they asked, be clear about next steps, and include a greeting and sign-off. Return only the email text.

Email received:
{{keywords}}`,
    builtin: [
      `Hi,

Thank you for your email{{^isShort}}, and for taking the time to explain everything so clearly{{/isShort}}.

{{#extra1}}
{{extra1}}
{{/extra1}}
{{^extra1}}
I have read through your message and will come back to you with a full answer shortly.
{{/extra1}}

{{^isShort}}
If anything is unclear or you would like to talk it through, I am happy to set up a quick call.

{{/isShort}}
Best regards,
{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}[Your name]{{/extra2}}

> {{keywords}}`,
      `Hello,

Thanks for getting in touch. {{#extra1}}To reply to your message: {{extra1}}{{/extra1}}{{^extra1}}I wanted to let you know I have received your message and am looking into it.{{/extra1}}

{{#isLong}}
I want to make sure we are on the same page, so please let me know if I have missed anything or if there is more context I should have.

{{/isLong}}
Looking forward to hearing from you.

Kind regards,
{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}[Your name]{{/extra2}}

--- Original message ---
{{keywords}}`,
    ],
  },
  {
    slug: 'cold-email',
    title: 'Cold Outreach Email',
    description: 'Write a short, personalised cold email that introduces your offer and asks for a next step.',
    category: ['Business', 'Marketing'],
    isFree: false,
    fields: [
      keywordsField('What you offer', 'e.g. A scheduling tool that cuts meeting time for remote teams', 1000),
      extraField('extra1', 'Recipient and their company', 'e.g. Dana, Head of Operations at Acme', 200),
      extraField('extra2', 'Your name and company', 'e.g. Sam Rivera, Northwind Studio', 200),
      extraField('extra3', 'Call to action', 'e.g. a 15-minute call next week', 200),
      toneField(),
    ],
    prompt: `Write a cold outreach email offering: {{keywords}}{{#extra1}}
Recipient: {{extra1}}{{/extra1}}{{#extra2}}
Sender: {{extra2}}{{/extra2}}{{#extra3}}
Ask for: {{extra3}}{{/extra3}}
Write a subject line and an email of at most 120 words. Open with something relevant to the recipient, state the value in one sentence, add one line of proof, and end with a single low-effort call to action.`,
    builtin: [
      `Subject: A quick idea about {{topic}}

Hi{{#extra1}} {{extra1}}{{/extra1}},

I will keep this short. We help teams with {{topic}}, and I think it could be relevant to you.

In practice, that means:{{#keywordList}}
- {{item}}{{/keywordList}}

Would you be open to {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}a 15-minute call next week{{/extra3}} to see whether it is a fit?

Best,
{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}[Your name]{{/extra2}}`,
      `Subject: {{Topic}}, worth a look?

Hello{{#extra1}} {{extra1}}{{/extra1}},

Many teams we speak with say the same thing: they know {{topic}} matters, but finding the time to fix it never happens. That is exactly what we help with.

If it would be useful, I can share a short example of how it works. {{#extra3}}Would {{extra3}} suit you?{{/extra3}}{{^extra3}}Would you be open to a quick chat?{{/extra3}}

Thanks for reading,
{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}[Your name]{{/extra2}}`,
    ],
  },
  {
    slug: 'follow-up-email',
    title: 'Follow-up Email',
    description: 'Write a polite follow-up email after a meeting, proposal or unanswered message.',
    category: ['Business'],
    isFree: true,
    fields: [
      keywordsField('What are you following up on?', 'e.g. The proposal for the website redesign we sent on Monday', 1000),
      extraField('extra1', 'Recipient name', 'e.g. Dana', 100),
      extraField('extra2', 'What you want next', 'e.g. a decision by Friday', 200),
      extraField('extra3', 'Your name', 'e.g. Sam', 100),
      toneField(),
    ],
    prompt: `Write a polite follow-up email about: {{keywords}}{{#extra1}}
Recipient: {{extra1}}{{/extra1}}{{#extra2}}
What the sender wants next: {{extra2}}{{/extra2}}{{#extra3}}
Sender name: {{extra3}}{{/extra3}}
Include a subject line, briefly remind the reader of the context, add one piece of useful value or new information, and make the next step easy to agree to.`,
    builtin: [
      `Subject: Following up: {{topic}}

Hi{{#extra1}} {{extra1}}{{/extra1}},

I hope your week is going well. I wanted to follow up on {{topic}} and see whether you have had a chance to look at it.

{{#extra2}}
To keep things moving, it would be great to have {{extra2}}.
{{/extra2}}
{{^extra2}}
Let me know if you have any questions, or if there is anything I can clarify.
{{/extra2}}

Thanks again for your time.

Best,
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Your name]{{/extra3}}`,
      `Subject: Quick check-in on {{topic}}

Hello{{#extra1}} {{extra1}}{{/extra1}},

Just bringing this back to the top of your inbox. I know things get busy.

A short recap of where we are: {{topic}}.{{#extra2}} The next step on our side would be {{extra2}}.{{/extra2}}

If now is not the right time, no problem. Just let me know and I will check back later.

Kind regards,
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Your name]{{/extra3}}`,
    ],
  },
  {
    slug: 'customer-support-reply',
    title: 'Customer Support Reply',
    description: 'Answer a customer message with empathy, a clear solution and next steps.',
    category: ['Business'],
    isFree: true,
    fields: [
      keywordsField('Customer message', 'Paste the customer message or describe the issue', 3000),
      extraArea('extra1', 'Solution or what you can offer', 'e.g. Refund issued, arrives in 3-5 days', 1000),
      extraField('extra2', 'Agent name', 'e.g. Alex', 100),
      extraField('extra3', 'Company name', 'e.g. Northwind Studio', 100),
      toneField('e.g. warm, reassuring, concise'),
    ],
    prompt: `Write a customer support reply to this message: {{keywords}}{{#extra1}}
The solution or offer to communicate: {{extra1}}{{/extra1}}{{#extra2}}
Agent name: {{extra2}}{{/extra2}}{{#extra3}}
Company: {{extra3}}{{/extra3}}
Acknowledge the issue and the customer's feelings, explain the solution in plain words, state any next steps and timelines, and close by offering further help.`,
    builtin: [
      `Hi there,

Thank you for reaching out{{#extra3}} to {{extra3}}{{/extra3}}, and I am sorry for the trouble. I understand how frustrating this must be.

{{#extra1}}
Here is what we have done: {{extra1}}
{{/extra1}}
{{^extra1}}
I have passed the details to our team and we are looking into it now. I will update you as soon as I know more.
{{/extra1}}

For reference, your message: "{{topic}}"

If there is anything else I can help with, just reply to this email.

Best wishes,
{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}Customer Support{{/extra2}}{{#extra3}}, {{extra3}}{{/extra3}}`,
      `Hello,

Thanks for letting us know about this. Your message about "{{topic}}" has reached the right place.

What happens next{{#extra1}}
- {{extra1}}{{/extra1}}
- We will keep you updated by email.
- If anything changes in the meantime, simply reply here.

We appreciate your patience{{#extra3}} and thank you for being a {{extra3}} customer{{/extra3}}.

{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}The support team{{/extra2}}`,
    ],
  },
  {
    slug: 'review-response',
    title: 'Review Response',
    description: 'Reply professionally to a customer review on Google, Trustpilot or similar sites.',
    category: ['Business', 'Marketing'],
    isFree: true,
    fields: [
      keywordsField('Customer review', 'Paste the review you want to respond to', 3000),
      extraField('extra1', 'Business name', 'e.g. Corner Café', 100),
      extraField('extra2', 'Reviewer name', 'e.g. Jamie', 100),
      extraField('extra3', 'Anything to mention', 'e.g. We have since extended our opening hours', 300),
      toneField(),
    ],
    prompt: `Write a public response from the business to this customer review: {{keywords}}{{#extra1}}
Business name: {{extra1}}{{/extra1}}{{#extra2}}
Reviewer name: {{extra2}}{{/extra2}}{{#extra3}}
Also mention: {{extra3}}{{/extra3}}
Thank the reviewer, respond specifically to what they said, take ownership of any problem without being defensive, and keep it under 100 words.`,
    builtin: [
      `Hi{{#extra2}} {{extra2}}{{/extra2}},

Thank you for taking the time to share your experience. We read every review, and your comments about "{{topic}}" are genuinely helpful to us.

{{#extra3}}
{{extra3}}

{{/extra3}}
We hope to welcome you back soon.

{{#extra1}}The {{extra1}} team{{/extra1}}{{^extra1}}The team{{/extra1}}`,
      `Dear{{#extra2}} {{extra2}}{{/extra2}}{{^extra2}} guest{{/extra2}},

Thanks so much for your feedback{{#extra1}} on {{extra1}}{{/extra1}}. We have shared what you wrote ("{{topic}}") with the whole team so we can keep improving.
{{#extra3}}

Good to know: {{extra3}}
{{/extra3}}

If there is anything more you would like to tell us, please get in touch directly. We would love to hear from you.`,
    ],
  },
  {
    slug: 'business-proposal',
    title: 'Business Proposal',
    description: 'Draft a structured business proposal with the problem, solution, scope, pricing and next steps.',
    category: ['Business'],
    isFree: false,
    fields: [
      keywordsField('What you are proposing', 'e.g. Redesign and relaunch of the client website in 8 weeks', 2000),
      extraField('extra1', 'Client name', 'e.g. Acme Ltd', 200),
      extraField('extra2', 'Your company', 'e.g. Northwind Studio', 200),
      extraField('extra3', 'Budget and timeline', 'e.g. €18,000, June to August', 300),
      extraArea('extra4', 'Extra notes', 'e.g. Include two rounds of revisions', 500),
      toneField(),
      lengthField(),
    ],
    prompt: `Write a business proposal for: {{keywords}}{{#extra1}}
Client: {{extra1}}{{/extra1}}{{#extra2}}
Proposing company: {{extra2}}{{/extra2}}{{#extra3}}
Budget and timeline: {{extra3}}{{/extra3}}{{#extra4}}
Notes: {{extra4}}{{/extra4}}
Use these sections: Overview, The Challenge, Proposed Solution, Scope and Deliverables, Timeline, Investment, Why Us, Next Steps.`,
    builtin: [
      `PROPOSAL: {{Topic}}
{{#extra1}}Prepared for {{extra1}}{{/extra1}}{{#extra2}} by {{extra2}}{{/extra2}}

Overview
This proposal sets out how we will deliver {{topic}}, what it will include and what it will cost.

The challenge
{{#extra1}}{{extra1}} needs{{/extra1}}{{^extra1}}You need{{/extra1}} a reliable partner to deliver this on time, with clear communication and no surprises.

Proposed solution and deliverables{{#keywordList}}
- {{item}}{{/keywordList}}

{{^isShort}}
Approach
We work in short, visible stages with a review at the end of each, so you can steer the work as it progresses.

{{/isShort}}
Timeline and investment
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}To be confirmed after an initial scoping call.{{/extra3}}
{{#extra4}}

Notes: {{extra4}}
{{/extra4}}

Next steps
Reply to confirm, and we will schedule a kick-off meeting within one week.`,
      `{{Topic}}
Business proposal{{#extra2}} from {{extra2}}{{/extra2}}{{#extra1}} to {{extra1}}{{/extra1}}

Summary
We propose to deliver {{topic}} with a clear scope, fixed milestones and a single point of contact.

What is included{{#keywordList}}
{{index}}. {{item}}{{/keywordList}}

{{#isLong}}
Why us
We have done this before, we communicate early and often, and we measure success by your results, not by hours spent.

Assumptions
- Timely feedback at each review point
- Access to the people and information needed

{{/isLong}}
Budget and schedule
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}A detailed quote will follow once the scope is agreed.{{/extra3}}
{{#extra4}}

Additional notes
{{extra4}}
{{/extra4}}

We look forward to working with you.`,
    ],
  },
  {
    slug: 'mission-statement',
    title: 'Mission Statement',
    description: 'Write a concise mission statement that says what your organisation does, for whom and why.',
    category: ['Business'],
    isFree: true,
    fields: [
      keywordsField('What your organisation does', 'e.g. We build tools that help remote teams work calmly', 1000),
      extraField('extra1', 'Organisation name', 'e.g. Northwind Studio', 100),
      extraField('extra2', 'Who you serve', 'e.g. small creative teams', 200),
      extraField('extra3', 'Core values', 'e.g. honesty, craft, calm', 300),
    ],
    prompt: `Write three alternative mission statements for this organisation: {{keywords}}{{#extra1}}
Organisation name: {{extra1}}{{/extra1}}{{#extra2}}
It serves: {{extra2}}{{/extra2}}{{#extra3}}
Core values: {{extra3}}{{/extra3}}
Each statement should be one or two sentences, say what the organisation does, for whom and why it matters, and avoid buzzwords.`,
    builtin: [
      `{{#extra1}}{{extra1}}'s mission{{/extra1}}{{^extra1}}Our mission{{/extra1}}

We exist to make {{topic}} simpler, fairer and more rewarding{{#extra2}} for {{extra2}}{{/extra2}}.{{#extra3}} Everything we do is guided by {{extra3}}.{{/extra3}}`,
      `{{#extra1}}At {{extra1}}, we{{/extra1}}{{^extra1}}We{{/extra1}} believe {{topic}} should work for everyone{{#extra2}}, starting with {{extra2}}{{/extra2}}. Our mission is to turn that belief into practical, everyday progress.`,
      `Mission: to help {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}people{{/extra2}} get more out of {{topic}}, with care, clarity and honesty.{{#extra3}}
Values: {{extra3}}{{/extra3}}`,
    ],
  },
  {
    slug: 'company-values',
    title: 'Company Values',
    description: 'Turn a list of values into short value statements with a description of what each looks like in practice.',
    category: ['Business', 'HR'],
    isFree: true,
    fields: [
      keywordsField('Your values', 'e.g. ownership, candour, craft, kindness', 1000),
      extraField('extra1', 'Company name', 'e.g. Northwind Studio', 100),
      toneField(),
    ],
    prompt: `Write company value statements for these values: {{keywords}}{{#extra1}}
Company: {{extra1}}{{/extra1}}
For each value give a memorable one-line name, a two-sentence explanation, and two examples of behaviour that shows the value in everyday work.`,
    builtin: [
      `{{#extra1}}{{extra1}} values{{/extra1}}{{^extra1}}Our values{{/extra1}}

{{#keywordList}}
{{index}}. {{item}}
We take {{item}} seriously because it shapes how we work with each other and with the people we serve.
In practice: we talk openly about {{item}}, and we hold each other to it.

{{/keywordList}}`,
      `What we stand for

{{#keywordList}}
■ {{item}}
What it means: we make decisions with {{item}} in mind, even when it is inconvenient.
What it looks like: you see {{item}} in our meetings, our reviews and our daily choices.

{{/keywordList}}
These values are not a poster on the wall. They guide how we hire, how we give feedback and how we decide{{#extra1}} at {{extra1}}{{/extra1}}.`,
    ],
  },
  {
    slug: 'swot-analysis',
    title: 'SWOT Analysis',
    description: 'Build a SWOT analysis of strengths, weaknesses, opportunities and threats for a business or project.',
    category: ['Business', 'Project Management'],
    isFree: true,
    fields: [
      keywordsField('Business, product or project', 'e.g. A neighbourhood coffee shop opening a second location', 1000),
      extraField('extra1', 'Industry or market', 'e.g. specialty coffee in mid-sized cities', 200),
      extraArea('extra2', 'Known strengths', 'e.g. loyal regulars, great location', 500),
      extraArea('extra3', 'Known challenges', 'e.g. rising rent, limited staff', 500),
    ],
    prompt: `Create a SWOT analysis for: {{keywords}}{{#extra1}}
Industry or market: {{extra1}}{{/extra1}}{{#extra2}}
Known strengths: {{extra2}}{{/extra2}}{{#extra3}}
Known challenges: {{extra3}}{{/extra3}}
List 3 to 5 specific points under each of Strengths, Weaknesses, Opportunities and Threats, then end with 3 recommended actions that use the strengths and opportunities to address the weaknesses and threats.`,
    builtin: [
      `SWOT analysis: {{Topic}}{{#extra1}}
Market: {{extra1}}{{/extra1}}

STRENGTHS (internal, positive){{#extra2}}
- {{extra2}}{{/extra2}}
- What do we do better than anyone else?
- Which resources or relationships give us an edge?

WEAKNESSES (internal, negative){{#extra3}}
- {{extra3}}{{/extra3}}
- Where do we lose time, money or customers?

OPPORTUNITIES (external, positive)
- Trends or changes in the market we can use
- Customer needs nobody is serving well yet

THREATS (external, negative)
- Competitors, costs or regulation that could hurt us

Recommended actions
1. Build on the biggest strength to capture the clearest opportunity.
2. Fix the weakness that matters most to customers.
3. Prepare a plan for the most likely threat.`,
      `| | Helpful | Harmful |
| --- | --- | --- |
| Internal | Strengths: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}to be listed{{/extra2}} | Weaknesses: {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}to be listed{{/extra3}} |
| External | Opportunities{{#extra1}} in {{extra1}}{{/extra1}} | Threats{{#extra1}} in {{extra1}}{{/extra1}} |

Subject: {{topic}}

Questions to complete the picture
- Strengths: what do customers praise most often?
- Weaknesses: what do we avoid talking about?
- Opportunities: what is changing that we could move on first?
- Threats: what would worry us most if a competitor did it tomorrow?`,
    ],
  },
  {
    slug: 'business-plan-outline',
    title: 'Business Plan Outline',
    description: 'Create a structured business plan outline covering market, offer, operations and finances.',
    category: ['Business'],
    isFree: false,
    fields: [
      keywordsField('Business idea', 'e.g. Mobile bike repair service for commuters', 2000),
      extraField('extra1', 'Target market', 'e.g. city commuters aged 25-45', 300),
      extraField('extra2', 'Revenue model', 'e.g. per-repair fee plus monthly maintenance plans', 300),
      extraField('extra3', 'Funding needed', 'e.g. €25,000 for a van and tools', 200),
      lengthField(),
    ],
    prompt: `Write a business plan outline for: {{keywords}}{{#extra1}}
Target market: {{extra1}}{{/extra1}}{{#extra2}}
Revenue model: {{extra2}}{{/extra2}}{{#extra3}}
Funding needed: {{extra3}}{{/extra3}}
Cover executive summary, problem and solution, target market, competition, marketing and sales, operations, team, financial plan and milestones, with 2 to 4 specific bullet points under each heading.`,
    builtin: [
      `Business plan: {{Topic}}

1. Executive summary
- The idea in one sentence: {{topic}}{{#extra3}}
- Funding sought: {{extra3}}{{/extra3}}

2. Problem and solution
- The problem customers face today
- How this business solves it{{#keywordList}}
- Key element: {{item}}{{/keywordList}}

3. Target market
- {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}Primary customer group and its size{{/extra1}}

4. Revenue model
- {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}How the business makes money, with prices{{/extra2}}

{{^isShort}}
5. Marketing and sales
- First channels to reach customers
- Launch offer

6. Operations and team
- Who does what, and what is needed on day one

{{/isShort}}
{{#isLong}}
7. Financial plan
- Start-up costs, monthly costs, break-even point

8. Milestones
- First 3, 6 and 12 months

{{/isLong}}`,
      `{{Topic}}: plan on a page

Why: customers need a better way to handle {{topic}}.
Who: {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}our first customer segment, to be sized{{/extra1}}.
How we earn: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}pricing to be tested with early customers{{/extra2}}.{{#extra3}}
What we need: {{extra3}}.{{/extra3}}

Building blocks{{#keywordList}}
[ ] {{item}}{{/keywordList}}

{{^isShort}}
First 90 days
- Month 1: validate demand with 10 customer conversations
- Month 2: launch a minimum version and collect feedback
- Month 3: decide what to scale and what to drop
{{/isShort}}`,
    ],
  },
  {
    slug: 'real-estate-listing-generator',
    title: 'Real Estate Listing Generator',
    description: 'Write an appealing property listing that highlights the features buyers and renters care about.',
    category: ['Business', 'Marketing'],
    isFree: false,
    fields: [
      keywordsField('Property highlights', 'e.g. sunny south-facing garden, renovated kitchen, quiet street', 2000),
      extraField('extra1', 'Property type and location', 'e.g. 3-bedroom terraced house in Hackney, London', 300),
      extraField('extra2', 'Price', 'e.g. £650,000 or £2,400 per month', 100),
      extraField('extra3', 'Size and rooms', 'e.g. 110 m², 3 bedrooms, 2 bathrooms', 200),
      extraArea('extra4', 'Contact details', 'e.g. Call Sam at Northwind Homes, 020 1234 5678', 500),
      toneField('e.g. elegant, warm, straightforward'),
      lengthField(),
    ],
    prompt: `Write a real estate listing for a property with these highlights: {{keywords}}{{#extra1}}
Property type and location: {{extra1}}{{/extra1}}{{#extra2}}
Price: {{extra2}}{{/extra2}}{{#extra3}}
Size and rooms: {{extra3}}{{/extra3}}{{#extra4}}
Contact details: {{extra4}}{{/extra4}}
Write an attention-grabbing headline, an opening that sells the lifestyle, a description of the key features, a bullet list of facts, and a call to book a viewing. Do not invent facts that are not given.`,
    builtin: [
      `{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}A home to fall in love with{{/extra1}}{{#extra2}} | {{extra2}}{{/extra2}}

Welcome home. This property offers {{topic}}, a combination that is hard to find and easy to live with.

Key features{{#keywordList}}
- {{item}}{{/keywordList}}{{#extra3}}
- {{extra3}}{{/extra3}}

{{^isShort}}
Inside, the layout works for everyday life as well as for having friends over. Outside, everything you need is close by.

{{/isShort}}
{{#isLong}}
Whether you are looking for your first home, more space for a growing family or a well-located investment, this one deserves a place on your viewing list.

{{/isLong}}
{{#extra4}}To arrange a viewing: {{extra4}}{{/extra4}}{{^extra4}}Contact us today to arrange a viewing.{{/extra4}}`,
      `FOR SALE / TO LET{{#extra2}}: {{extra2}}{{/extra2}}{{#extra1}}
{{extra1}}{{/extra1}}

Highlights: {{topic}}

The property at a glance{{#extra3}}
• Size and rooms: {{extra3}}{{/extra3}}{{#keywordList}}
• {{item}}{{/keywordList}}

{{^isShort}}
Properties like this do not stay on the market for long. Come and see it for yourself.

{{/isShort}}
{{#extra4}}
Viewings and enquiries: {{extra4}}
{{/extra4}}
{{^extra4}}
Viewings strictly by appointment.
{{/extra4}}`,
    ],
  },
];
