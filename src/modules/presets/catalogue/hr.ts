import type { PresetDefinition } from '../preset-types.js';
import { extraArea, extraField, keywordsField, lengthField, radioField, toneField } from './fields.js';

export const hrPresets: PresetDefinition[] = [
  {
    slug: 'job-description-generator',
    title: 'Job Description Generator',
    description: 'Write a complete job description with responsibilities, requirements and benefits.',
    category: ['HR'],
    isFree: false,
    fields: [
      keywordsField('Job title', 'e.g. Senior Product Designer', 200, { type: 'text' }),
      extraField('extra1', 'Company name', 'e.g. Northwind Studio', 200),
      extraArea('extra2', 'Key responsibilities and requirements', 'e.g. lead design for the mobile app, 5+ years experience, Figma', 1000),
      extraField('extra3', 'Location and work model', 'e.g. Remote within Europe, or hybrid in Lisbon', 300),
      extraArea('extra4', 'Benefits', 'e.g. 30 days holiday, learning budget, four-day week', 500),
      toneField(),
      lengthField(),
    ],
    prompt: `Write a job description for the role: {{keywords}}{{#extra1}}
Company: {{extra1}}{{/extra1}}{{#extra2}}
Responsibilities and requirements: {{extra2}}{{/extra2}}{{#extra3}}
Location and work model: {{extra3}}{{/extra3}}{{#extra4}}
Benefits: {{extra4}}{{/extra4}}
Include an engaging introduction to the company and role, a bullet list of responsibilities, must-have and nice-to-have requirements, benefits, and how to apply. Use inclusive wording.`,
    builtin: [
      `{{Topic}}{{#extra1}} at {{extra1}}{{/extra1}}{{#extra3}}
Location: {{extra3}}{{/extra3}}

About the role
We are looking for a {{topic}} to join our team. You will have real ownership, supportive colleagues and room to grow.

What you will do{{#extra2}}
- {{extra2}}{{/extra2}}
- Work closely with colleagues across the team to plan, deliver and improve our work
- Share knowledge and help raise the bar for everyone around you

{{^isShort}}
What we are looking for
- Relevant experience in a similar role, or the transferable skills to get there quickly
- Clear communication, in writing and in conversation
- Curiosity and a habit of taking ownership

{{/isShort}}
What we offer{{#extra4}}
- {{extra4}}{{/extra4}}
- A team that values balance, kindness and good work

{{#isLong}}
We welcome applicants of every background. If you are excited about this role but don't tick every box, we would still love to hear from you.

{{/isLong}}
How to apply: send your CV and a few lines about why this role interests you.`,
      `Join us as {{topic}}

{{#extra1}}{{extra1}} is growing{{/extra1}}{{^extra1}}We are growing{{/extra1}}, and we need someone who cares about doing great work and helping others do the same.

Your responsibilities{{#extra2}}
{{extra2}}{{/extra2}}
{{^extra2}}
Own your area end to end, collaborate with the wider team and continuously improve how we work.
{{/extra2}}

{{^isShort}}
You will thrive here if you
- enjoy solving problems with others
- communicate clearly and openly
- take pride in the details

{{/isShort}}
{{#extra3}}
Where: {{extra3}}
{{/extra3}}
{{#extra4}}
Perks and benefits: {{extra4}}
{{/extra4}}

Ready to apply? We read every application and reply to everyone.`,
    ],
  },
  {
    slug: 'job-offer-letter',
    title: 'Job Offer Letter',
    description: 'Draft a warm, clear job offer letter with the role, start date and key terms.',
    category: ['HR'],
    isFree: false,
    fields: [
      keywordsField('Job title', 'e.g. Marketing Manager', 200, { type: 'text' }),
      extraField('extra1', 'Candidate name', 'e.g. Jordan Lee', 100),
      extraField('extra2', 'Company name', 'e.g. Northwind Studio', 200),
      extraArea('extra3', 'Salary, start date and key terms', 'e.g. €62,000 per year, start 1 September, 3-month probation', 1000),
      extraArea('extra4', 'Extra notes', 'e.g. Please reply by 15 August', 500),
      toneField(),
    ],
    prompt: `Write a job offer letter for the role: {{keywords}}{{#extra1}}
Candidate: {{extra1}}{{/extra1}}{{#extra2}}
Company: {{extra2}}{{/extra2}}{{#extra3}}
Salary, start date and terms: {{extra3}}{{/extra3}}{{#extra4}}
Also include: {{extra4}}{{/extra4}}
Congratulate the candidate, state the offer terms clearly, explain how to accept and by when, and close warmly. Mark anything not provided as a placeholder in square brackets.`,
    builtin: [
      `Dear {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[Candidate name]{{/extra1}},

We are delighted to offer you the position of {{topic}}{{#extra2}} at {{extra2}}{{/extra2}}. Everyone you met was impressed, and we are excited about what you will bring to the team.

The key terms of our offer are:{{#extra3}}
{{extra3}}{{/extra3}}
{{^extra3}}
- Salary: [amount]
- Start date: [date]
- Working hours and location: [details]
{{/extra3}}

{{#extra4}}
{{extra4}}

{{/extra4}}
To accept, please sign and return a copy of this letter. If you have any questions, we are happy to talk them through.

Welcome aboard!

Kind regards,
[Your name]{{#extra2}}
{{extra2}}{{/extra2}}`,
      `Offer of employment: {{topic}}

Hi {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[Candidate name]{{/extra1}},

Congratulations! Following your interviews, we are pleased to offer you the role of {{topic}}{{#extra2}} with {{extra2}}{{/extra2}}.

Offer details
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}Salary, start date and benefits: [to be completed]{{/extra3}}

Next steps
1. Review this offer and the attached contract.
2. Let us know if you have questions.
3. Confirm your acceptance in writing.
{{#extra4}}

Please note: {{extra4}}
{{/extra4}}

We can't wait to welcome you to the team.`,
    ],
  },
  {
    slug: 'interview-questions-generator',
    title: 'Interview Questions Generator',
    description: 'Create structured interview questions to assess the skills that matter for a role.',
    category: ['HR'],
    isFree: true,
    fields: [
      keywordsField('Skills or topics to assess', 'e.g. stakeholder management, prioritisation, SQL', 1000),
      extraField('extra1', 'Job title', 'e.g. Product Manager', 200),
      radioField('extra2', 'Seniority', ['Junior', 'Mid-level', 'Senior', 'Lead'], 'Mid-level'),
      lengthField(),
    ],
    prompt: `Write interview questions to assess these skills or topics: {{keywords}}{{#extra1}}
Job title: {{extra1}}{{/extra1}}{{#extra2}}
Seniority: {{extra2}}{{/extra2}}
Group the questions by skill. Mix behavioural questions (tell me about a time...), situational questions and one practical exercise idea, and add what a strong answer would include for each question.`,
    builtin: [
      `Interview questions{{#extra1}}: {{extra1}}{{/extra1}}{{#extra2}} ({{extra2}}){{/extra2}}

Opening
- Walk me through your background and what drew you to this role.

{{#keywordList}}
{{item}}
- Tell me about a time you relied on {{item}} to solve a real problem. What did you do, and what was the result?
{{^isShort}}
- If you joined us tomorrow, how would you approach {{item}} in your first month?
{{/isShort}}
{{#isLong}}
- What does excellent {{item}} look like to you, and how do you keep improving at it?
{{/isLong}}

{{/keywordList}}
Closing
- What questions do you have for us?`,
      `Structured interview guide: {{Topic}}

For each question, listen for a specific situation, the candidate's own actions and a measurable outcome.

{{#keywordList}}
Q{{index}}. Describe a recent situation where {{item}} made the difference. What would you do differently now?
{{/keywordList}}
{{^isShort}}

Situational
- Imagine two priorities collide on the same deadline. How do you decide, and how do you communicate it?
- A colleague disagrees with your approach. What do you do?
{{/isShort}}

Scoring: rate each answer 1-4 (1 = no evidence, 4 = strong, specific evidence).`,
    ],
  },
  {
    slug: 'candidate-rejection-email',
    title: 'Candidate Rejection Email',
    description: 'Let a candidate know kindly and clearly that they have not been selected.',
    category: ['HR'],
    isFree: true,
    fields: [
      keywordsField('Role applied for', 'e.g. Customer Success Manager', 200, { type: 'text' }),
      extraField('extra1', 'Candidate name', 'e.g. Jordan', 100),
      extraField('extra2', 'Company name', 'e.g. Northwind Studio', 200),
      extraArea('extra3', 'Feedback to share', 'e.g. Strong communication, less experience with enterprise clients', 1000),
      extraField('extra4', 'Your name', 'e.g. Sam Rivera, Talent Team', 100),
    ],
    prompt: `Write a rejection email to a candidate who applied for the role: {{keywords}}{{#extra1}}
Candidate name: {{extra1}}{{/extra1}}{{#extra2}}
Company: {{extra2}}{{/extra2}}{{#extra3}}
Constructive feedback to include: {{extra3}}{{/extra3}}{{#extra4}}
Sign it as: {{extra4}}{{/extra4}}
Thank them sincerely, give the decision clearly in the first paragraph, share any feedback kindly and specifically, and leave the door open for future roles.`,
    builtin: [
      `Subject: Your application for {{topic}}

Dear {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}candidate{{/extra1}},

Thank you for your interest in the {{topic}} role{{#extra2}} at {{extra2}}{{/extra2}} and for the time you invested in the process. After careful consideration, we have decided to move forward with another candidate.

{{#extra3}}
We wanted to share some feedback that we hope is useful: {{extra3}}

{{/extra3}}
This was not an easy decision, and we would be glad to hear from you again for future roles.

With best wishes,
{{#extra4}}{{extra4}}{{/extra4}}{{^extra4}}The hiring team{{/extra4}}`,
      `Hi {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}there{{/extra1}},

I wanted to update you on your application for {{topic}}. We really enjoyed getting to know you, but we will not be progressing your application this time.
{{#extra3}}

A few observations from the team
{{extra3}}
{{/extra3}}

Please keep an eye on our careers page{{#extra2}} at {{extra2}}{{/extra2}}. We would welcome a future application.

Thank you again, and good luck with your search.
{{#extra4}}
{{extra4}}
{{/extra4}}`,
    ],
  },
  {
    slug: 'employee-onboarding-plan',
    title: 'Employee Onboarding Plan',
    description: 'Plan a new hire\'s first day, first week and first 90 days.',
    category: ['HR', 'Project Management'],
    isFree: false,
    fields: [
      keywordsField('Role and team', 'e.g. Backend developer joining the payments team', 1000),
      extraField('extra1', 'Start date', 'e.g. Monday 2 September', 100),
      extraField('extra2', 'Key tools and systems', 'e.g. GitHub, Linear, Slack, AWS', 300),
      extraField('extra3', 'Manager or buddy', 'e.g. Priya (manager), Tom (buddy)', 200),
      lengthField(),
    ],
    prompt: `Create an onboarding plan for a new hire: {{keywords}}{{#extra1}}
Start date: {{extra1}}{{/extra1}}{{#extra2}}
Tools and systems to set up: {{extra2}}{{/extra2}}{{#extra3}}
Manager or buddy: {{extra3}}{{/extra3}}
Cover before day one, day one, week one, and 30/60/90-day goals, with concrete activities, owners and a short checklist for each stage.`,
    builtin: [
      `Onboarding plan: {{Topic}}{{#extra1}}
Start date: {{extra1}}{{/extra1}}{{#extra3}}
Support: {{extra3}}{{/extra3}}

Before day one
- Send a welcome email with the first-day schedule
- Prepare equipment and accounts{{#extra2}} ({{extra2}}){{/extra2}}

Day one
- Welcome and team introductions
- Set-up of laptop and tools
- Lunch with the team or buddy

Week one
- Meet key colleagues one to one
- Read the most important documentation
- Complete a small first task

{{^isShort}}
First 30 days: understand how the team works, deliver a first piece of real work
First 60 days: take ownership of a defined area
First 90 days: work independently and propose one improvement
{{/isShort}}
{{#isLong}}

Check-ins
- End of week one: how is it going?
- Day 30, 60 and 90: progress review with the manager
{{/isLong}}`,
      `Welcome plan for: {{topic}}

☐ Pre-boarding{{#extra1}} (before {{extra1}}){{/extra1}}
   Accounts, equipment, welcome message, buddy assigned{{#extra3}}: {{extra3}}{{/extra3}}
☐ Day 1
   Meet the team, tour of tools{{#extra2}} ({{extra2}}){{/extra2}}, first coffee chat
☐ Week 1
   Shadow colleagues, first small contribution, end-of-week check-in
{{^isShort}}
☐ Month 1
   Learn the product and processes, agree goals for months 2 and 3
☐ Months 2-3
   Own a real project, give feedback on onboarding, 90-day review
{{/isShort}}`,
    ],
  },
  {
    slug: 'performance-review',
    title: 'Performance Review',
    description: 'Write balanced performance review feedback covering achievements, strengths and growth areas.',
    category: ['HR'],
    isFree: false,
    fields: [
      keywordsField('Achievements and observations', 'e.g. launched the new onboarding flow, mentors juniors, misses some deadlines', 3000),
      extraField('extra1', 'Employee name', 'e.g. Alex', 100),
      extraField('extra2', 'Role', 'e.g. Senior Engineer', 200),
      extraArea('extra3', 'Areas for growth', 'e.g. estimating work, speaking up in planning', 1000),
      toneField('e.g. supportive, direct'),
      lengthField(),
    ],
    prompt: `Write a performance review based on these achievements and observations: {{keywords}}{{#extra1}}
Employee: {{extra1}}{{/extra1}}{{#extra2}}
Role: {{extra2}}{{/extra2}}{{#extra3}}
Areas for growth: {{extra3}}{{/extra3}}
Structure it as summary, key achievements, strengths, areas for growth with specific suggestions, and goals for the next period. Be specific, fair and constructive.`,
    builtin: [
      `Performance review{{#extra1}}: {{extra1}}{{/extra1}}{{#extra2}}, {{extra2}}{{/extra2}}

Summary
This period showed clear contributions in several areas, summarised below.

Key achievements and observations{{#keywordList}}
- {{item}}{{/keywordList}}

{{#extra3}}
Areas for growth
- {{extra3}}

{{/extra3}}
{{^isShort}}
Support we will provide
Regular one-to-ones, clear priorities and opportunities to practise the growth areas above.

{{/isShort}}
Goals for the next period
1. Build on the strongest achievement above.
2. Agree one measurable goal for each growth area.
{{#isLong}}
3. Revisit progress together at the mid-point review.
{{/isLong}}`,
      `{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}Employee{{/extra1}}: review notes

What went well{{#keywordList}}
✔ {{item}}{{/keywordList}}

{{#extra3}}
What to focus on next
→ {{extra3}}

{{/extra3}}
Overall, {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}they{{/extra1}} made a meaningful contribution this period{{#extra2}} as {{extra2}}{{/extra2}}. Together we will set specific goals and check in regularly so progress is visible.`,
    ],
  },
  {
    slug: 'employee-recognition-message',
    title: 'Employee Recognition Message',
    description: 'Write a sincere message that recognises a colleague\'s work and its impact.',
    category: ['HR', 'Business'],
    isFree: true,
    fields: [
      keywordsField('What they did', 'e.g. stayed late to fix the launch bug and kept the team calm', 1000),
      extraField('extra1', 'Their name', 'e.g. Maria', 100),
      extraField('extra2', 'Impact', 'e.g. the launch went out on time for 2,000 customers', 300),
      toneField('e.g. heartfelt, upbeat'),
    ],
    prompt: `Write a recognition message for a colleague who: {{keywords}}{{#extra1}}
Their name: {{extra1}}{{/extra1}}{{#extra2}}
The impact of their work: {{extra2}}{{/extra2}}
Be specific about what they did and why it mattered, keep it sincere rather than generic, and make it suitable for a team channel.`,
    builtin: [
      `🎉 A big thank you to {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}a brilliant teammate{{/extra1}}!

Here is what happened: {{topic}}.{{#extra2}} Thanks to that, {{extra2}}.{{/extra2}}

It is exactly this kind of care and commitment that makes this team great. Thank you!`,
      `Shout-out time 👏

{{#extra1}}{{extra1}}, we{{/extra1}}{{^extra1}}We{{/extra1}} want to recognise what you did: {{topic}}.
{{#extra2}}

The impact: {{extra2}}.
{{/extra2}}

We noticed, we appreciate it, and we are lucky to work with you.`,
    ],
  },
  {
    slug: 'company-policy-draft',
    title: 'Company Policy Draft',
    description: 'Draft a clear internal policy with purpose, scope, rules and responsibilities.',
    category: ['HR', 'Business'],
    isFree: false,
    fields: [
      keywordsField('Policy topic and key rules', 'e.g. Remote work policy: core hours 10-15, equipment allowance, security rules', 3000),
      extraField('extra1', 'Company name', 'e.g. Northwind Studio', 200),
      extraField('extra2', 'Who it applies to', 'e.g. all employees and contractors', 200),
      extraField('extra3', 'Effective date', 'e.g. 1 January', 100),
      lengthField(),
    ],
    prompt: `Draft a company policy about: {{keywords}}{{#extra1}}
Company: {{extra1}}{{/extra1}}{{#extra2}}
Applies to: {{extra2}}{{/extra2}}{{#extra3}}
Effective date: {{extra3}}{{/extra3}}
Use these sections: Purpose, Scope, Policy, Responsibilities, Exceptions, Review. Write in plain words and add a note that it should be checked by a legal or HR professional before use.`,
    builtin: [
      `{{Topic}}: policy{{#extra1}} of {{extra1}}{{/extra1}}{{#extra3}}
Effective from {{extra3}}{{/extra3}}

Purpose
This policy sets out clear, fair expectations so that everyone knows what applies and why.

Scope
It applies to {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}all employees{{/extra2}}.

Policy{{#keywordList}}
{{index}}. {{item}}{{/keywordList}}

{{^isShort}}
Responsibilities
- Employees follow this policy and raise questions early.
- Managers explain it to their teams and apply it consistently.
- HR keeps it up to date and handles exceptions.

Exceptions
Exceptions must be agreed in writing with HR.

{{/isShort}}
Review
This policy is reviewed every year.

Note: this draft should be checked by an HR or legal professional before it is adopted.`,
      `Policy: {{Topic}}
Applies to: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}everyone working for or with the company{{/extra2}}

Why we have this policy
To protect our people and our work, and to make expectations simple and transparent.

The rules{{#keywordList}}
- {{item}}{{/keywordList}}

{{#isLong}}
Questions and concerns
Speak to your manager or HR. Concerns can also be raised confidentially.

{{/isLong}}
Owner: HR{{#extra1}}, {{extra1}}{{/extra1}}{{#extra3}}. In force from {{extra3}}{{/extra3}}.
Draft for review: have it checked by HR or legal counsel before publishing.`,
    ],
  },
  {
    slug: 'internal-announcement',
    title: 'Internal Announcement',
    description: 'Write a clear internal announcement for your team or company.',
    category: ['HR', 'Business'],
    isFree: true,
    fields: [
      keywordsField('What are you announcing?', 'e.g. We are moving to a four-day week from October', 2000),
      extraField('extra1', 'Audience', 'e.g. the whole company', 200),
      extraField('extra2', 'When', 'e.g. starting 1 October', 100),
      extraField('extra3', 'Contact for questions', 'e.g. people@northwind.example', 200),
      toneField(),
      lengthField('Short'),
    ],
    prompt: `Write an internal announcement about: {{keywords}}{{#extra1}}
Audience: {{extra1}}{{/extra1}}{{#extra2}}
Timing: {{extra2}}{{/extra2}}{{#extra3}}
Contact for questions: {{extra3}}{{/extra3}}
Start with the news in one sentence, explain why it is happening and what changes for the reader, list any actions they need to take, and say where to ask questions.`,
    builtin: [
      `Subject: {{Topic}}

Hi {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}everyone{{/extra1}},

We have some news to share: {{topic}}{{#extra2}}, {{extra2}}{{/extra2}}.

{{^isShort}}
Why we are doing this
We want to make work better for everyone, and this change is a step in that direction.

What this means for you
- More details will follow in the coming days.
- Your manager will walk you through anything specific to your team.

{{/isShort}}
Questions? {{#extra3}}Reach out to {{extra3}}.{{/extra3}}{{^extra3}}Ask your manager or reply to this message.{{/extra3}}

Thank you!`,
      `📢 Announcement{{#extra1}} for {{extra1}}{{/extra1}}

{{Topic}}{{#extra2}}
When: {{extra2}}{{/extra2}}

{{^isShort}}
What you need to know{{#keywordList}}
• {{item}}{{/keywordList}}

{{/isShort}}
{{#isLong}}
We know changes can raise questions, so we will hold an open Q&A session next week. Bring anything you would like to discuss.

{{/isLong}}
{{#extra3}}
Questions go to {{extra3}}.
{{/extra3}}
{{^extra3}}
Questions are welcome in the team channel.
{{/extra3}}`,
    ],
  },
  {
    slug: 'exit-interview-questions',
    title: 'Exit Interview Questions',
    description: 'Prepare thoughtful exit interview questions to learn why people leave and what to improve.',
    category: ['HR'],
    isFree: true,
    fields: [
      keywordsField('Topics to explore', 'e.g. management, career growth, workload, pay', 1000),
      extraField('extra1', 'Role or team', 'e.g. Customer support team', 200),
    ],
    prompt: `Write exit interview questions covering these topics: {{keywords}}{{#extra1}}
The departing employee's role or team: {{extra1}}{{/extra1}}
Write 10 to 12 open, non-judgemental questions grouped by topic, starting with easy questions and ending with what the company could do better. Add a short opening script that explains the purpose and confidentiality.`,
    builtin: [
      `Exit interview{{#extra1}}: {{extra1}}{{/extra1}}

Opening
"Thank you for taking the time. This conversation is confidential and is meant to help us improve. There are no wrong answers."

{{#keywordList}}
{{item}}
- How would you describe your experience with {{item}} here?
- What, if anything, should we change about {{item}}?

{{/keywordList}}
Closing
- What was the main reason you decided to leave?
- What did you enjoy most about working here?
- Would you consider coming back in the future? Why or why not?`,
      `Exit conversation guide: {{Topic}}

- What made you start looking for a new role?{{#keywordList}}
- Looking back, how did {{item}} affect your decision to leave?{{/keywordList}}
- If you could change one thing about your team{{#extra1}} in {{extra1}}{{/extra1}}, what would it be?
- What advice would you give your replacement?
- Is there anything we haven't asked that we should know?

Note for the interviewer: listen more than you talk, and avoid defending decisions during the conversation.`,
    ],
  },
  {
    slug: 'employee-survey-questions',
    title: 'Employee Survey Questions',
    description: 'Create employee engagement or pulse survey questions on the topics you choose.',
    category: ['HR'],
    isFree: true,
    fields: [
      keywordsField('Survey topics', 'e.g. wellbeing, recognition, communication, tools', 1000),
      extraField('extra1', 'Purpose of the survey', 'e.g. quarterly engagement pulse', 200),
      radioField('extra2', 'Question style', ['Mixed', 'Rating scale', 'Open-ended'], 'Mixed'),
    ],
    prompt: `Write an employee survey covering these topics: {{keywords}}{{#extra1}}
Purpose: {{extra1}}{{/extra1}}{{#extra2}}
Question style: {{extra2}}{{/extra2}}
Write 2 to 3 clear, neutral questions per topic, avoid leading or double-barrelled questions, state the answer scale for rating questions, and finish with one open question.`,
    builtin: [
      `Employee survey{{#extra1}}: {{extra1}}{{/extra1}}
Scale: 1 = strongly disagree, 5 = strongly agree

{{#keywordList}}
{{item}}
- I am satisfied with {{item}} in my team. (1-5)
- What one change to {{item}} would help you most? (open)

{{/keywordList}}
Final question: is there anything else you would like to share? (open)`,
      `Pulse survey on {{topic}}{{#extra2}} ({{extra2}} questions){{/extra2}}

{{#keywordList}}
Q{{index}}. How would you rate {{item}} at the moment? (1 = very poor, 5 = excellent)
{{/keywordList}}

Open questions
- What is working well that we should keep doing?
- What should we stop or change?

All answers are anonymous and will be shared only in aggregate.`,
    ],
  },
];
