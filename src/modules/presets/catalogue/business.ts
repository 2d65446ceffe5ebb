import type { PresetDefinition } from '../../../shared/presets/preset-types.js';
import { extraArea, extraField, hostedToneField, keywordsField, lengthField, toneField } from './fields.js';

/** The tone field as the hosted reference defines it for its presets: "Tone", up to 1000 characters. */
export const businessPresets: PresetDefinition[] = [
  {
    slug: 'reply-to-email',
    title: 'Reply to Email',
    description: 'Draft a clear, polite reply to an email you received, with the answer you want to give.',
    category: ['Business'],
    isFree: true,
    fields: [
      keywordsField(
        'Received email',
        'Paste the email you want to reply to, e.g. Hi Janice! How did you spend your weekend?',
        2000,
      ),
      extraField('extra2', 'Your reply', 'e.g. Positive, Negative, or "Yes, Tuesday works"', 1000),
      extraArea('extra1', 'What to include in your reply?', 'e.g. went to East Coast Park with family', 1000),
      hostedToneField(),
      extraField('extra3', 'Your name', 'e.g. Janice', 100),
      lengthField('Short'),
    ],
    prompt: `Write a reply to the email below.{{#extra2}}
The answer or sentiment of the reply: {{extra2}}{{/extra2}}{{#extra1}}
Include in the reply: {{extra1}}{{/extra1}}{{#extra3}}
Sign it with the name: {{extra3}}{{/extra3}}
Respond to what the sender actually wrote, answer any questions they asked, make the answer and any next steps clear, and include a greeting and a sign-off. Return only the email text.

Email received:
{{keywords}}`,
    builtin: [
      `Hi,

Thank you for your email{{^isShort}}, it was good to hear from you{{/isShort}}.

{{#extra2}}
My answer, in short: {{extra2}}
{{/extra2}}
{{#extra1}}
To fill you in: {{extra1}}
{{/extra1}}
{{^extra1}}
I have read your message carefully and will come back to you with any further details shortly.
{{/extra1}}

{{^isShort}}
If anything is unclear or you would like to talk it through, I am happy to set up a quick call.

{{/isShort}}
Best regards,
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Your name]{{/extra3}}

--- Original message ---
{{keywords}}`,
      `Hello,

Thanks for getting in touch.
{{#extra2}}

Here is where I stand: {{extra2}}
{{/extra2}}
{{#extra1}}

A quick update from my side: {{extra1}}
{{/extra1}}

{{#isLong}}
I want to make sure we are on the same page, so please let me know if I have missed anything or if there is more context I should have.

{{/isLong}}
Looking forward to hearing from you.

Kind regards,
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Your name]{{/extra3}}

> {{topic}}`,
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
      keywordsField(
        'What are you following up on?',
        'e.g. The proposal for the website redesign we sent on Monday',
        1000,
      ),
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
    description:
      'Turn a list of values into short value statements with a description of what each looks like in practice.',
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
      keywordsField(
        'Information about the home',
        'e.g. bungalow, private pool, walk to beach. 5 beds, 6 baths, 4510 sqft. $2.5m. Punggol.',
        1000,
      ),
      extraField('extra1', 'Property type and location', 'e.g. 3-bedroom terraced house in Hackney, London', 300),
      extraField('extra2', 'Price', 'e.g. £650,000 or £2,400 per month', 100),
      extraField('extra3', 'Size and rooms', 'e.g. 110 m², 3 bedrooms, 2 bathrooms', 200),
      extraArea('extra4', 'Contact details', 'e.g. Call Sam at Northwind Homes, 020 1234 5678', 500),
      toneField('e.g. elegant, warm, straightforward'),
      lengthField(),
    ],
    prompt: `Write a real estate listing for a home, using this information about it: {{keywords}}{{#extra1}}
Property type and location: {{extra1}}{{/extra1}}{{#extra2}}
Price: {{extra2}}{{/extra2}}{{#extra3}}
Size and rooms: {{extra3}}{{/extra3}}{{#extra4}}
Contact details: {{extra4}}{{/extra4}}
Write an attention-grabbing headline, an opening that sells the lifestyle, a description of the key features, a bullet list of facts, and a call to book a viewing. Do not invent facts that are not given.`,
    builtin: [
      `{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}A home to fall in love with{{/extra1}}{{#extra2}} | {{extra2}}{{/extra2}}

Welcome home. {{^isShort}}Some homes simply tick boxes; this one makes everyday life easier, and it is easy to picture yourself settling in from the moment you step through the door. {{/isShort}}Here is what it offers:{{#keywordList}}
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
  {
    slug: 'email-generation',
    title: 'Email Generator',
    description: 'Turn a one-line idea into a complete, well-structured email with a subject line.',
    category: ['Business'],
    isFree: true,
    fields: [
      keywordsField('Email topic', 'e.g. ask about pay raise', 1000),
      extraField('extra1', 'Recipient name', 'e.g. Dana', 100),
      extraArea(
        'extra2',
        'Key points to include',
        'e.g. two years in the role, led the CRM migration, took on team lead duties',
        1000,
      ),
      extraField('extra3', 'Your name', 'e.g. Sam', 100),
      toneField('e.g. professional, friendly, confident'),
      lengthField(),
    ],
    prompt: `Write a complete email about: {{keywords}}{{#extra1}}
Recipient: {{extra1}}{{/extra1}}{{#extra2}}
Points to include: {{extra2}}{{/extra2}}{{#extra3}}
Sender name: {{extra3}}{{/extra3}}
Give it a clear subject line, a greeting, an opening that states the purpose within the first two sentences, the context and details the reader needs, one specific request or next step, and a sign-off. Return only the email.`,
    builtin: [
      `Subject: {{Topic}}

Hi{{#extra1}} {{extra1}}{{/extra1}},

I hope you are well. I am writing about the matter in the subject line, and I would value a few minutes of your time on it.

{{#extra2}}
Some background that may help:
{{extra2}}

{{/extra2}}
{{^isShort}}
I have tried to keep this brief, but I am happy to go into more detail or share anything else that would be useful before we talk.

{{/isShort}}
{{#isLong}}
I know your calendar is busy, so I am flexible on timing. A short call or a quick meeting in person would both work well for me.

{{/isLong}}
Could we find a time this week or next to discuss it?

Thank you,
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Your name]{{/extra3}}`,
      `Subject: {{Topic}}

Dear{{#extra1}} {{extra1}}{{/extra1}}{{^extra1}} Sir or Madam{{/extra1}},

I am writing to you about the following: {{keywords}}
{{#extra2}}

In particular:
{{extra2}}
{{/extra2}}

{{^isShort}}
I believe this is worth discussing now, and I would welcome your view on the best way forward.

{{/isShort}}
Please let me know a convenient time to talk, or simply reply to this email with your thoughts.

Kind regards,
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Your name]{{/extra3}}`,
    ],
  },
  {
    slug: 'reply-to-messsage',
    title: 'Reply to Message',
    description: 'Write a quick, natural reply to a WhatsApp, Slack, text or any other chat message.',
    category: ['Business', 'Social Media'],
    isFree: true,
    fields: [
      keywordsField('Message', 'Paste the message you received, e.g. Hi Janice! How did you spend your weekend?', 2000),
      extraField('extra2', 'Your reply', 'e.g. Positive, Negative, or "Sure, 3pm works"', 1000),
      extraArea('extra1', 'What to include in your reply?', 'e.g. went to East Coast Park with family', 1000),
      hostedToneField('e.g. casual, friendly, professional'),
    ],
    prompt: `Write a reply to the chat message below (WhatsApp, Slack, text or similar).{{#extra2}}
The answer or sentiment of the reply: {{extra2}}{{/extra2}}{{#extra1}}
Include in the reply: {{extra1}}{{/extra1}}
Sound like a real person texting back: respond directly to what was said, answer any question, keep it brief and conversational, and skip email-style greetings and sign-offs. Return only the reply.

Message:
{{keywords}}`,
    builtin: [
      `Hey, thanks for the message!{{#extra2}}
Quick answer: {{extra2}}{{/extra2}}{{#extra1}}
On my side: {{extra1}}{{/extra1}}
Let me know if you need anything else 🙂

(Replying to: "{{topic}}")`,
      `Hi! Good to hear from you.{{#extra1}} Quick update: {{extra1}}{{/extra1}}{{^extra1}} Let me get back to you properly in a bit.{{/extra1}}{{#extra2}}

In short: {{extra2}}{{/extra2}}

Re: {{topic}}`,
    ],
  },
  {
    slug: 'startup-ideas',
    title: 'Startup Ideas',
    description: 'Generate startup ideas around the keywords, markets or technologies you are interested in.',
    category: ['Business'],
    isFree: true,
    fields: [
      keywordsField('Keywords', 'e.g. blockchain, ecommerce', 1000),
      extraField('extra1', 'Target customers', 'e.g. independent online shops', 200),
      extraField('extra2', 'Your skills or resources', 'e.g. two developers, ten years in logistics', 300),
    ],
    prompt: `Generate 5 startup ideas around: {{keywords}}{{#extra1}}
Target customers: {{extra1}}{{/extra1}}{{#extra2}}
The founders' skills or resources: {{extra2}}{{/extra2}}
For each idea give a name, a one-sentence pitch, the problem it solves and for whom, how it makes money, and the first cheap experiment to validate demand. Favour specific, realistic ideas over buzzwords.`,
    builtin: [
      `Startup ideas: {{keywords}}

{{#keywordList}}
{{index}}. A marketplace for {{item}}
Pitch: connect the people who need {{item}}{{#extra1}} (starting with {{extra1}}){{/extra1}} with vetted providers, and take a small fee on each transaction.
Validate: interview ten potential buyers and ask how they handle {{item}} today and what it costs them.

{{/keywordList}}
{{#extra2}}
Your edge: {{extra2}}. Pick the idea where that advantage matters most.
{{/extra2}}`,
      `Idea directions for {{keywords}}{{#extra1}}, aimed at {{extra1}}{{/extra1}}

{{#keywordList}}
■ {{item}}
- Tool: software that takes the manual work out of {{item}}, sold as a monthly subscription.
- Service: a done-for-you {{item}} offer for businesses without in-house expertise.
- Community: a paid membership where people learn {{item}} from practitioners.

{{/keywordList}}
Next step: pick one direction, write a one-page landing page and see who signs up.{{#extra2}}
Start where you have an unfair advantage: {{extra2}}{{/extra2}}`,
    ],
  },
  {
    slug: 'business-name',
    title: 'Business Name Generator',
    description: 'Generate business names that are creative, professional and easy to remember.',
    category: ['Business', 'Marketing'],
    isFree: true,
    fields: [
      keywordsField(
        'What is your business about?',
        'e.g. A startup that helps copywriters create human-like text',
        1000,
      ),
      extraField('extra1', 'Name style', 'e.g. short and modern, playful, classic', 200),
      extraField('extra2', 'Words to include or avoid', 'e.g. include "ink", avoid "tech"', 200),
    ],
    prompt: `Suggest 10 names for this business: {{keywords}}{{#extra1}}
Preferred style: {{extra1}}{{/extra1}}{{#extra2}}
Words to include or avoid: {{extra2}}{{/extra2}}
Mix approaches (descriptive, invented words, metaphors, compound words, short brandable names), keep every name easy to spell and say, avoid names of well-known existing companies, and add a one-line explanation of the idea behind each name.`,
    builtin: [
      `Business name brainstorm
The business: {{keywords}}
{{#extra1}}
Style: {{extra1}}
{{/extra1}}
{{#extra2}}
Words to include or avoid: {{extra2}}
{{/extra2}}

Directions to explore
1. Descriptive: name the main benefit in one or two plain words, then add Works, Lab, Studio or Co.
2. Invented: blend two short words from your description into one, the way Pinterest joins pin and interest.
3. Metaphor: borrow an image that captures the result you deliver, such as speed, clarity, growth or craft.
4. Personal or local: a founder's name or a place name, which ages well and is easier to trademark.

Before you choose
- Say it out loud: can someone spell it after hearing it once?
- Check that the domain and social handles are free
- Search the trademark register in the countries where you will trade`,
      `Name shortlist worksheet
About the business: {{keywords}}
{{#extra1}}
Style to aim for: {{extra1}}
{{/extra1}}
{{#extra2}}
Ground rules: {{extra2}}
{{/extra2}}

Write 20 raw candidates in five minutes without judging them, then score each from 1 to 5 on:
- Memorable: does it stick after one hearing?
- Meaningful: does it hint at what you do or how it feels?
- Available: domain, handles and trademark
- Timeless: will it still fit if you grow beyond your first product?

Keep the three highest scores and test them on five people from your target market.`,
    ],
  },
  {
    slug: 'elevator-pitch',
    title: 'Elevator Pitch',
    description: 'Write a short spoken pitch that explains what you do, for whom and why it matters.',
    category: ['Business', 'Marketing'],
    isFree: true,
    fields: [
      keywordsField(
        'What you or your business does',
        'e.g. We help small clinics cut no-shows with automatic text reminders',
        1000,
      ),
      extraField('extra1', 'Who it is for', 'e.g. independent dental and physio clinics', 200),
      extraField('extra2', 'What makes it different', 'e.g. set up in 10 minutes, no contract', 300),
      extraField('extra3', 'What you want from the listener', 'e.g. an introduction to clinic owners', 200),
      toneField('e.g. confident, warm, energetic'),
      lengthField('Short'),
    ],
    prompt: `Write an elevator pitch, to be spoken aloud, for: {{keywords}}{{#extra1}}
Audience it serves: {{extra1}}{{/extra1}}{{#extra2}}
What makes it different: {{extra2}}{{/extra2}}{{#extra3}}
What the speaker wants from the listener: {{extra3}}{{/extra3}}
Open with a hook that names the problem, say what you do and for whom in plain words, add one proof point or differentiator, and end with a clear, easy ask. Use short sentences that are easy to say, and no jargon.`,
    builtin: [
      `{{#extra1}}If you work with {{extra1}}, you know how much time the same problems eat up every single week.{{/extra1}}{{^extra1}}Most people I talk to are wrestling with the same problem, and very few have found a good answer.{{/extra1}}

Here is what we do: {{keywords}}
{{#extra2}}
What makes us different: {{extra2}}
{{/extra2}}

{{^isShort}}
The result is less time on busywork and more time for the part of the job people actually care about.

{{/isShort}}
{{#isLong}}
We started because we saw the problem first-hand, and every customer we add tells us the same thing: they wish they had found us sooner.

{{/isLong}}
{{#extra3}}
What I am looking for right now: {{extra3}}
{{/extra3}}
Could we find 15 minutes this week to continue the conversation?`,
      `Problem: too much time and money go into something that should be simple{{#extra1}}, especially for {{extra1}}{{/extra1}}.
Solution: {{keywords}}
{{#extra2}}
Why us: {{extra2}}
{{/extra2}}
{{^isShort}}
Proof: [one number or customer result that shows it works]
{{/isShort}}
{{#isLong}}
Vision: where this goes in the next two years, in one sentence.
{{/isLong}}
Ask: {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}a 15-minute follow-up call this week{{/extra3}}`,
    ],
  },
  {
    slug: 'value-proposition',
    title: 'Value Proposition',
    description: 'Write a value proposition with a headline, subheadline and benefits that set your offer apart.',
    category: ['Business', 'Marketing'],
    isFree: false,
    fields: [
      keywordsField('Product or service', 'e.g. A bookkeeping app that categorises receipts from a photo', 1000),
      extraField('extra1', 'Target customer', 'e.g. freelancers who hate admin', 200),
      extraField('extra2', 'Main problem it solves', 'e.g. hours lost sorting receipts at tax time', 300),
      extraField('extra3', 'Alternatives customers use today', 'e.g. spreadsheets, a shoebox, an accountant', 300),
      toneField(),
    ],
    prompt: `Write a value proposition for: {{keywords}}{{#extra1}}
Target customer: {{extra1}}{{/extra1}}{{#extra2}}
Main problem it solves: {{extra2}}{{/extra2}}{{#extra3}}
Alternatives customers use today: {{extra3}}{{/extra3}}
Give a headline that states the main benefit in under 12 words, a subheadline that says what it is, who it is for and why it beats the alternatives, three benefit bullets, and a one-sentence positioning statement. Be specific and avoid buzzwords.`,
    builtin: [
      `Headline
{{#extra2}}No more {{extra2}}{{/extra2}}{{^extra2}}The simpler way to get it done{{/extra2}}

Subheadline
{{keywords}}
{{#extra1}}
Made for {{extra1}}.
{{/extra1}}

Benefits
✔ Saves hours every month on work nobody enjoys
✔ Easy to start: useful from the first day, with nothing to learn
✔ {{#extra3}}Does more than {{extra3}}, with less effort{{/extra3}}{{^extra3}}Works alongside the tools you already use{{/extra3}}`,
      `Positioning statement
For {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[target customer]{{/extra1}}{{#extra2}}, facing {{extra2}}{{/extra2}}, here is what we offer: {{keywords}}
{{#extra3}}
Unlike {{extra3}}, it does the work for you, so you get the result without the effort.
{{/extra3}}

Test it
- Can a customer repeat it back after hearing it once?
- Does it name a benefit, not just a feature?
- Would a competitor be unable to say the same thing?`,
    ],
  },
  {
    slug: 'sales-follow-up-sequence',
    title: 'Sales Follow-up Sequence',
    description: 'Write a three-email follow-up sequence for a prospect who has not replied yet.',
    category: ['Business', 'Marketing'],
    isFree: false,
    fields: [
      keywordsField('What you are selling', 'e.g. Payroll software that runs monthly payroll in 10 minutes', 1000),
      extraField('extra1', 'Prospect name', 'e.g. Dana', 100),
      extraArea(
        'extra4',
        'Context of your first contact',
        'e.g. Sent a demo video after we met at a trade fair last week',
        500,
      ),
      extraField('extra2', 'Your name and company', 'e.g. Sam, Northwind Payroll', 200),
      extraField('extra3', 'Call to action', 'e.g. a 20-minute demo', 200),
      toneField(),
    ],
    prompt: `Write a sequence of three follow-up emails to a prospect who has not replied, about: {{keywords}}{{#extra1}}
Prospect: {{extra1}}{{/extra1}}{{#extra4}}
First contact: {{extra4}}{{/extra4}}{{#extra2}}
Sender: {{extra2}}{{/extra2}}{{#extra3}}
Call to action: {{extra3}}{{/extra3}}
Suggest when to send each (for example day 3, day 7 and day 14) and give each a subject line and a different angle: a friendly nudge, new value such as a tip, example or customer result, and a polite final email that closes the loop. Keep each under 100 words with a single call to action.`,
    builtin: [
      `Email 1 (day 3): the nudge
Subject: Quick follow-up

Hi{{#extra1}} {{extra1}}{{/extra1}},

Just making sure my last note reached you.{{#extra4}} As a reminder: {{extra4}}{{/extra4}}
In one line, here is what we do: {{keywords}}

Would {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}a short call{{/extra3}} next week be useful?

{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}[Your name]{{/extra2}}

Email 2 (day 7): new value
Subject: An idea you can use today

Hi{{#extra1}} {{extra1}}{{/extra1}},

One thing we see often: teams lose hours on work that could be automated in an afternoon. I put together a short example of how that looks in practice, and I am happy to send it over.

Worth a look?

{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}[Your name]{{/extra2}}

Email 3 (day 14): closing the loop
Subject: Should I close your file?

Hi{{#extra1}} {{extra1}}{{/extra1}},

I have not heard back, so I will assume the timing is not right. If that changes, just reply to this email and I will pick it up from there.

All the best,
{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}[Your name]{{/extra2}}`,
      `Follow-up plan{{#extra1}} for {{extra1}}{{/extra1}}
Offer: {{keywords}}{{#extra4}}
Starting point: {{extra4}}{{/extra4}}

Day 3 | Subject: "Did this get buried?"
Two sentences: check the first email arrived, restate the single biggest benefit, ask one yes/no question.

Day 7 | Subject: "A quick example"
Share one useful tip, case or number the prospect can use even if they never buy. Close by offering {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}a 15-minute call{{/extra3}}.

Day 14 | Subject: "Closing the loop"
Say you will stop following up, leave the door open, and thank them for their time.

Sign every email as {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}[your name and company]{{/extra2}} and keep each one readable on a phone without scrolling.`,
    ],
  },
  {
    slug: 'invoice-payment-reminder',
    title: 'Invoice Payment Reminder',
    description: 'Write a polite but clear reminder email for an unpaid or overdue invoice.',
    category: ['Business'],
    isFree: true,
    fields: [
      keywordsField('Invoice details', 'e.g. Invoice #1042 for €2,400, due 15 May, for the website redesign', 1000),
      extraField('extra1', 'Client name', 'e.g. Dana', 100),
      extraField(
        'extra2',
        'How to pay',
        'e.g. bank transfer to IBAN DE00 1234 or the payment link on the invoice',
        300,
      ),
      extraField('extra3', 'Your name and company', 'e.g. Sam, Northwind Studio', 200),
      toneField('e.g. friendly, firm, final notice'),
    ],
    prompt: `Write a payment reminder email for this unpaid invoice: {{keywords}}{{#extra1}}
Client: {{extra1}}{{/extra1}}{{#extra2}}
How to pay: {{extra2}}{{/extra2}}{{#extra3}}
Sender: {{extra3}}{{/extra3}}
Include a subject line, state the invoice number, amount and due date clearly, assume good faith, make paying as easy as possible, ask the client to say if anything about the invoice is wrong, and propose a specific date by which you expect payment.`,
    builtin: [
      `Subject: Friendly reminder about an open invoice

Hi{{#extra1}} {{extra1}}{{/extra1}},

I hope all is well. This is a quick reminder that the following invoice is still open on our side.

{{keywords}}

{{#extra2}}
How to pay: {{extra2}}

{{/extra2}}
If payment is already on its way, please ignore this message. And if anything on the invoice needs correcting, just let me know and I will sort it out straight away.

Thank you,
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Your name]{{/extra3}}`,
      `Subject: Overdue invoice, payment requested

Dear{{#extra1}} {{extra1}}{{/extra1}}{{^extra1}} client{{/extra1}},

According to our records, the invoice below has passed its due date and remains unpaid.

Invoice: {{keywords}}

We would be grateful if you could arrange payment within the next seven days.
{{#extra2}}
Payment options: {{extra2}}
{{/extra2}}

If there is a problem with the invoice or you would like to agree a payment plan, please reply to this email so we can find a solution together.

Kind regards,
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Your name]{{/extra3}}`,
    ],
  },
  {
    slug: 'meeting-request-email',
    title: 'Meeting Request Email',
    description: 'Ask someone for a meeting with a clear purpose, proposed times and an easy way to say yes.',
    category: ['Business'],
    isFree: true,
    fields: [
      keywordsField('Purpose of the meeting', 'e.g. a partnership for our autumn product launch', 1000),
      extraField('extra1', 'Recipient name', 'e.g. Dana', 100),
      extraField('extra2', 'Proposed times', 'e.g. Tuesday 10:00 or Thursday 15:00 CET', 200),
      extraField('extra3', 'Duration and format', 'e.g. 30 minutes on Zoom', 200),
      extraField('extra4', 'Your name', 'e.g. Sam', 100),
      toneField(),
    ],
    prompt: `Write an email asking for a meeting. Purpose: {{keywords}}{{#extra1}}
Recipient: {{extra1}}{{/extra1}}{{#extra2}}
Proposed times: {{extra2}}{{/extra2}}{{#extra3}}
Duration and format: {{extra3}}{{/extra3}}{{#extra4}}
Sender: {{extra4}}{{/extra4}}
Include a subject line, explain in one or two sentences why the meeting is worth the recipient's time, propose specific time options, and make it easy to accept or suggest another time.`,
    builtin: [
      `Subject: Meeting request: {{topic}}

Hi{{#extra1}} {{extra1}}{{/extra1}},

I would like to set up a short meeting with you to talk about this: {{keywords}}

{{#extra3}}
Format: {{extra3}}
{{/extra3}}
{{#extra2}}
Would one of these times work for you? {{extra2}}
{{/extra2}}
{{^extra2}}
Could you let me know a few times that suit you over the next two weeks?
{{/extra2}}

If someone else on your team would be a better fit, I would be grateful for an introduction.

Best regards,
{{#extra4}}{{extra4}}{{/extra4}}{{^extra4}}[Your name]{{/extra4}}`,
      `Subject: {{Topic}}: could we meet?

Hello{{#extra1}} {{extra1}}{{/extra1}},

I am reaching out because I think a conversation would be valuable for both of us.
Topic: {{keywords}}

{{#extra3}}I am thinking of {{extra3}}, {{/extra3}}{{^extra3}}I am thinking of a short call, {{/extra3}}{{#extra2}}for example {{extra2}}{{/extra2}}{{^extra2}}at a time that suits you{{/extra2}}. If none of that works, just suggest an alternative and I will adapt.

Thank you, and I look forward to hearing from you.

{{#extra4}}{{extra4}}{{/extra4}}{{^extra4}}[Your name]{{/extra4}}`,
    ],
  },
  {
    slug: 'linkedin-connection-request',
    title: 'LinkedIn Connection Request',
    description: 'Write a short, personal LinkedIn connection note that gives a real reason to connect.',
    category: ['Business', 'Social Media'],
    isFree: true,
    fields: [
      keywordsField(
        'Why you want to connect',
        'e.g. I enjoyed your talk on pricing at SaaStock and work on similar problems',
        1000,
      ),
      extraField('extra1', 'Their name', 'e.g. Dana', 100),
      extraField('extra2', 'What you have in common', 'e.g. both ex-Shopify, both based in Lisbon', 200),
      extraField('extra3', 'Your name', 'e.g. Sam', 100),
      toneField(),
    ],
    prompt: `Write three LinkedIn connection request notes. Reason for connecting: {{keywords}}{{#extra1}}
Recipient: {{extra1}}{{/extra1}}{{#extra2}}
What the two people have in common: {{extra2}}{{/extra2}}{{#extra3}}
Sender: {{extra3}}{{/extra3}}
Each note must fit LinkedIn's 300-character limit, mention something specific about the person, contain no sales pitch, and end with a light, friendly reason to connect.`,
    builtin: [
      `Hi{{#extra1}} {{extra1}}{{/extra1}},

{{keywords}}
{{#extra2}}

I also noticed we have something in common: {{extra2}}
{{/extra2}}

Would be great to connect and keep in touch.{{#extra3}}
{{extra3}}{{/extra3}}`,
      `Hello{{#extra1}} {{extra1}}{{/extra1}}, I am reaching out for a simple reason: {{keywords}}
{{#extra2}}
(And {{extra2}}, so it felt like we should know each other.)
{{/extra2}}
Happy to connect.{{#extra3}} {{extra3}}{{/extra3}}`,
    ],
  },
];
