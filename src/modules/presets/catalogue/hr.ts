import type { PresetDefinition } from '../../../shared/presets/preset-types.js';
import { extraArea, extraField, keywordsField, lengthField, radioField, toneField } from './fields.js';

export const hrPresets: PresetDefinition[] = [
  {
    slug: 'job-description-generator',
    title: 'Job Description Generator',
    description: 'Write a complete job description with responsibilities, requirements and benefits.',
    category: ['HR'],
    isFree: false,
    fields: [
      keywordsField('Job title', 'e.g. Customer Service Agent', 1000, { type: 'text' }),
      extraArea('extra1', 'Key skills', 'e.g. trained in conflict resolution and communication', 1000),
      extraField('extra2', 'Company name', 'e.g. Northwind Studio', 200),
      extraField('extra3', 'Location and work model', 'e.g. Remote within Europe, or hybrid in Lisbon', 300),
      extraArea('extra4', 'Benefits', 'e.g. 30 days holiday, learning budget, four-day week', 500),
      toneField(),
      lengthField(),
    ],
    prompt: `Write a job description for the role: {{keywords}}{{#extra1}}
Key skills the role needs: {{extra1}}{{/extra1}}{{#extra2}}
Company: {{extra2}}{{/extra2}}{{#extra3}}
Location and work model: {{extra3}}{{/extra3}}{{#extra4}}
Benefits: {{extra4}}{{/extra4}}
Include an engaging introduction to the company and role, a bullet list of the responsibilities typical for this role, must-have and nice-to-have requirements built around the key skills, benefits, and how to apply. Use inclusive wording and do not invent salary figures.`,
    builtin: [
      `{{Topic}}{{#extra2}} at {{extra2}}{{/extra2}}{{#extra3}}
Location: {{extra3}}{{/extra3}}

About the role
We are looking for a new {{topic}} to join our team. You will have real ownership, supportive colleagues and room to grow.

What you will do
- Own the day-to-day work of the {{topic}} role and keep its quality high
- Work closely with colleagues across the team to plan, deliver and improve our work
- Share knowledge and help raise the bar for everyone around you

What we are looking for{{#extra1}}
- {{extra1}}{{/extra1}}
- Relevant experience in a similar role, or the transferable skills to get there quickly
{{^isShort}}
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

{{#extra2}}{{extra2}} is growing{{/extra2}}{{^extra2}}We are growing{{/extra2}}, and we need someone who cares about doing great work and helping others do the same.

Your responsibilities
Own your area end to end, collaborate with the wider team and continuously improve how we work.

{{#extra1}}
Skills you will use every day
{{extra1}}

{{/extra1}}
{{^isShort}}
You will thrive here if you
- enjoy solving problems with others
- communicate clearly and openly
- take pride in the details

{{/isShort}}
{{#isLong}}
Your first months
Get to know the team and our customers, take over your first responsibilities, and agree clear goals with your manager.

{{/isLong}}
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
      extraArea(
        'extra3',
        'Salary, start date and key terms',
        'e.g. €62,000 per year, start 1 September, 3-month probation',
        1000,
      ),
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
    description: 'Create structured interview questions to assess candidates for any role.',
    category: ['HR'],
    isFree: true,
    fields: [
      keywordsField('Job title', 'e.g. Customer Service Agent', 1000, { type: 'text' }),
      extraArea('extra1', 'Skills or topics to assess', 'e.g. conflict resolution, product knowledge, CRM tools', 1000),
      radioField('extra2', 'Seniority', ['Junior', 'Mid-level', 'Senior', 'Lead'], 'Mid-level'),
      lengthField(),
    ],
    prompt: `Write interview questions for candidates applying for the role: {{keywords}}{{#extra2}}
Seniority: {{extra2}}{{/extra2}}{{#extra1}}
Skills or topics to assess: {{extra1}}{{/extra1}}
Cover the core skills this role needs{{#extra1}}, starting with those listed{{/extra1}}. Group the questions by skill, mix behavioural questions (tell me about a time...), situational questions and role-specific questions, suggest one practical exercise, and add what a strong answer would include for each question.`,
    builtin: [
      `Interview questions: {{Topic}}{{#extra2}} ({{extra2}}){{/extra2}}

Opening
- Walk me through your background and what drew you to the {{topic}} role.
- What separates an excellent {{topic}} from a good one?

Experience
- Tell me about a recent piece of work you are proud of. What was your part, and what was the result?
- Describe a time something went wrong in your work. How did you handle it, and what did you learn?
{{#extra1}}

Skills to probe: {{extra1}}
- Tell me about a time you relied on these skills to solve a real problem. What did you do?
- Which of them are you strongest in, and which are you still developing?
{{/extra1}}
{{^isShort}}

Situational
- Imagine two urgent requests land at the same time. How do you decide what comes first, and how do you communicate it?
- A colleague disagrees with your approach. What do you do?
{{/isShort}}
{{#isLong}}

Motivation and fit
- What kind of team and manager help you do your best work?
- Where would you like to be in two years, and how would this role help you get there?
{{/isLong}}

Closing
- What questions do you have for us?`,
      `Structured interview guide: {{Topic}}{{#extra2}}
Level: {{extra2}}{{/extra2}}

For each question, listen for a specific situation, the candidate's own actions and a measurable result.

Q1. What attracted you to this {{topic}} position, and what would you focus on in your first three months?
Q2. Describe the most difficult situation you have handled in a similar role. What did you do, and what happened?
Q3. How do you keep the quality of your work high when you are under time pressure?
{{#extra1}}
Skills question: give an example of how you have put these to work: {{extra1}}
{{/extra1}}
{{^isShort}}
Q4. Tell me about feedback you received that changed the way you work.
Q5. How do you keep colleagues or customers informed when plans change?
{{/isShort}}
{{#isLong}}

Practical exercise
Give the candidate a short, realistic task from the day-to-day work of a {{topic}} and ask them to talk through their approach.
{{/isLong}}

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
      extraArea(
        'extra3',
        'Feedback to share',
        'e.g. Strong communication, less experience with enterprise clients',
        1000,
      ),
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
    description: "Plan a new hire's first day, first week and first 90 days.",
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
    slug: 'performance-review-generator',
    aliases: ['performance-review'],
    title: 'Performance Review Generator',
    description: 'Write balanced performance review feedback covering achievements, strengths and growth areas.',
    category: ['HR'],
    isFree: false,
    fields: [
      keywordsField('Employee name', 'e.g. Peter Parker', 1000, { type: 'text' }),
      extraField('extra3', 'Employee job title', 'e.g. Web Developer', 1000),
      extraArea(
        'extra1',
        'Key achievements',
        'e.g. launched the new onboarding flow, mentors two junior developers',
        1000,
      ),
      extraArea('extra2', 'Areas for growth', 'e.g. estimating work, speaking up in planning', 1000),
      toneField('e.g. supportive, direct'),
      lengthField(),
    ],
    prompt: `Write a performance review for the employee {{keywords}}{{#extra3}} ({{extra3}}){{/extra3}}.{{#extra1}}
Key achievements this period: {{extra1}}{{/extra1}}{{#extra2}}
Areas for growth: {{extra2}}{{/extra2}}
Structure it as summary, key achievements, strengths, areas for growth with specific suggestions, and goals for the next period. Be specific, fair and constructive, and where a detail is missing use a placeholder in square brackets for the manager to complete instead of inventing facts.`,
    builtin: [
      `Performance review: {{topic}}{{#extra3}}, {{extra3}}{{/extra3}}
Review period: [period]

Summary
{{Topic}} has made a meaningful contribution this period{{#extra3}} as {{extra3}}{{/extra3}}. The highlights and focus areas below are the basis for our conversation and for next period's goals.

Key achievements
{{#extra1}}
- {{extra1}}
{{/extra1}}
{{^extra1}}
- [Achievement, with its result or impact]
- [Achievement, with its result or impact]
{{/extra1}}

{{^isShort}}
Strengths
- Reliability: delivers on commitments and keeps others informed
- Collaboration: works well with colleagues and shares knowledge

{{/isShort}}
Areas for growth
{{#extra2}}
- {{extra2}}
{{/extra2}}
{{^extra2}}
- [One specific skill or habit to develop, with an example]
{{/extra2}}

Goals for the next period
1. Build on the strongest achievement above.
2. Agree one measurable goal for each growth area.
{{#isLong}}
3. Revisit progress together at the mid-point review.

Support from the manager
Regular one-to-ones, clear priorities and opportunities to practise the growth areas above.
{{/isLong}}`,
      `{{Topic}}: review notes{{#extra3}}
Role: {{extra3}}{{/extra3}}

What went well
✔ {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[Achievement and its impact]{{/extra1}}
{{^isShort}}
✔ Consistent, dependable contribution to the team's day-to-day work
{{/isShort}}

What to focus on next
→ {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}[One area to develop, with a concrete suggestion]{{/extra2}}
{{#isLong}}
→ Agree one stretch goal that builds on this period's strongest result
{{/isLong}}

Overall, {{topic}} made a valuable contribution this period{{#extra3}} in the role of {{extra3}}{{/extra3}}. Together we will set specific goals and check in regularly so progress is visible.`,
    ],
  },
  {
    slug: 'employee-recognition-message',
    title: 'Employee Recognition Message',
    description: "Write a sincere message that recognises a colleague's work and its impact.",
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
      keywordsField(
        'Policy topic and key rules',
        'e.g. Remote work policy: core hours 10-15, equipment allowance, security rules',
        3000,
      ),
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
  {
    slug: 'job-summary-generator',
    title: 'Job Summary Generator',
    description: 'Write a strong, attention-grabbing summary to open a job advert.',
    category: ['HR', 'Marketing'],
    isFree: true,
    fields: [
      keywordsField('Job title', 'e.g. Customer Service Agent', 1000, { type: 'text' }),
      extraArea(
        'extra1',
        'Company overview',
        'e.g. What makes your company unique, including details about your company culture',
        1000,
      ),
      extraField('extra2', 'Location and work model', 'e.g. Hybrid, two days a week in our Lisbon office', 300),
      toneField(),
    ],
    prompt: `Write a job summary, the short opening paragraph of a job advert, for the role: {{keywords}}{{#extra1}}
About the company: {{extra1}}{{/extra1}}{{#extra2}}
Location and work model: {{extra2}}{{/extra2}}
In three to five sentences, say what the role is and why it matters, what the person will mainly do, what makes the company a great place to work{{#extra1}} (draw on the company overview){{/extra1}}, and who would thrive in the role. Make a qualified candidate want to read on, and do not invent facts about the company.`,
    builtin: [
      `Job summary: {{Topic}}

We are looking for a new {{topic}} who takes pride in great work and enjoys making a difference for the people they serve. In this role you will own important day-to-day work, collaborate closely with a supportive team and have real room to grow.
{{#extra1}}

Why join us
{{extra1}}
{{/extra1}}
{{#extra2}}

Where you will work: {{extra2}}
{{/extra2}}

If you are ready for your next challenge, we would love to hear from you.`,
      `{{Topic}}{{#extra2}} · {{extra2}}{{/extra2}}

Are you an experienced {{topic}}, or ready to become one? Join a team where your work is visible, valued and backed by people who want you to succeed.
{{#extra1}}

About us
{{extra1}}
{{/extra1}}

You bring energy, reliability and a willingness to learn. We bring support, clear goals and the chance to grow your career with us.`,
    ],
  },
  {
    slug: 'job-qualifications-generator',
    title: 'Job Qualifications Generator',
    description: 'Write the required and nice-to-have qualifications for a job advert.',
    category: ['HR'],
    isFree: true,
    fields: [
      keywordsField('Job title', 'e.g. Customer Service Agent', 1000, { type: 'text' }),
      extraArea('extra1', 'Requirements', 'e.g. education, work experience, soft skills, languages spoken', 1000),
      radioField('extra2', 'Seniority', ['Entry level', 'Mid-level', 'Senior', 'Lead'], 'Mid-level'),
    ],
    prompt: `Write the qualifications section of a job advert for the role: {{keywords}}{{#extra2}}
Seniority: {{extra2}}{{/extra2}}{{#extra1}}
Requirements to cover: {{extra1}}{{/extra1}}
Split the qualifications into "Required" and "Nice to have", covering education or certifications, work experience, technical skills and soft skills. Keep each point to one line, make every requirement concrete and genuinely necessary for the job, and avoid exclusionary or biased wording.`,
    builtin: [
      `Qualifications: {{Topic}}{{#extra2}} ({{extra2}}){{/extra2}}

Required{{#extra1}}
- Specific requirements: {{extra1}}{{/extra1}}
- Proven experience in a similar position, or transferable experience that shows you can succeed in the {{topic}} role
- Clear written and spoken communication
- Good organisation and the ability to manage several priorities at once
- A habit of taking ownership and following through

Nice to have
- Familiarity with the tools and processes commonly used in this field
- Experience working with customers or cross-functional teams
- A relevant qualification or certification

Don't tick every box? Apply anyway: we value potential and a willingness to learn.`,
      `{{Topic}}: who we are looking for{{#extra2}}
Level: {{extra2}}{{/extra2}}
{{#extra1}}

Specific requirements
{{extra1}}
{{/extra1}}

Education and certifications
• A relevant qualification, or equivalent practical experience

Work experience
• Hands-on experience with the core tasks of the {{topic}} role
• A track record of reliable, high-quality work

Skills
• Problem solving and sound judgement
• Clear communication with colleagues and customers
• Comfort learning new tools quickly

Personal qualities
• Patience, empathy and a positive attitude under pressure`,
    ],
  },
  {
    slug: 'job-responsibilities-generator',
    title: 'Job Responsibilities Generator',
    description: 'Write clear, outcome-focused responsibilities and duties for a job advert.',
    category: ['HR'],
    isFree: true,
    fields: [
      keywordsField('Job title', 'e.g. Customer Service Agent', 1000, { type: 'text' }),
      extraArea('extra1', 'Responsibilities and duties', 'e.g. core responsibilities, day-to-day activities', 1000),
      extraField('extra2', 'Team or department', 'e.g. Customer support team', 200),
    ],
    prompt: `Write the responsibilities section of a job advert for the role: {{keywords}}{{#extra2}}
Team or department: {{extra2}}{{/extra2}}{{#extra1}}
Core responsibilities and day-to-day duties to include: {{extra1}}{{/extra1}}
Write 6 to 10 bullet points, most important first, each starting with an action verb and describing an outcome rather than just a task. Cover day-to-day duties, collaboration with others and longer-term goals, and keep each point to one line.`,
    builtin: [
      `Responsibilities: {{Topic}}{{#extra2}}, {{extra2}}{{/extra2}}

As our new {{topic}}, you will:{{#extra1}}
- {{extra1}}{{/extra1}}
- Own your day-to-day work from start to finish and keep it to a high standard
- Work closely with your colleagues{{#extra2}} ({{extra2}}){{/extra2}} and across the company to reach shared goals
- Spot problems early, propose solutions and follow them through
- Keep records, documentation and stakeholders up to date
- Share what you learn and help improve how the team works`,
      `{{Topic}}: what the job involves

Day to day{{#extra1}}
• {{extra1}}{{/extra1}}
• Handle the core tasks of the {{topic}} role reliably and on time
• Communicate clearly with colleagues, customers and partners
• Prioritise incoming work and flag risks early

Over time
• Take ownership of improving one process or area in your team{{#extra2}} ({{extra2}}){{/extra2}}
• Contribute ideas to team planning and goals
• Help onboard and support new colleagues`,
    ],
  },
  {
    slug: 'interview-feedback-generator',
    title: 'Interview Feedback Generator',
    description: 'Turn your interview notes into clear, fair and structured candidate feedback.',
    category: ['HR'],
    isFree: false,
    fields: [
      keywordsField('Job title', 'e.g. Lead iOS Developer', 1000, { type: 'text' }),
      extraArea(
        'extra1',
        'Feedback notes',
        'e.g. 8 years of experience. Knows design patterns, SOLID principles.',
        1000,
      ),
      extraField('extra2', 'Candidate name', 'e.g. Jordan Lee', 200),
      extraField('extra3', 'Recommendation', 'e.g. move to the final round', 300),
    ],
    prompt: `Write structured interview feedback on a candidate for the role: {{keywords}}{{#extra2}}
Candidate: {{extra2}}{{/extra2}}{{#extra1}}
Interviewer's notes: {{extra1}}{{/extra1}}{{#extra3}}
Recommendation: {{extra3}}{{/extra3}}
Organise it into overall impression, strengths, concerns or gaps, and a recommendation with a short justification. Base every point on the notes given, refer to observable evidence rather than personal traits, use placeholders in square brackets where evidence is missing, and keep it fair and professional so it can be shared with the hiring team.`,
    builtin: [
      `Interview feedback: {{Topic}}{{#extra2}}
Candidate: {{extra2}}{{/extra2}}
Interviewer: [your name] · Date: [date]

Evidence from the interview
{{#extra1}}
{{extra1}}
{{/extra1}}
{{^extra1}}
- [What the candidate said or did, with an example]
{{/extra1}}

Overall impression
The candidate was assessed against the core requirements of the {{topic}} role: relevant experience, problem solving, communication and motivation.

Strengths
- [Strength, with the evidence behind it]

Concerns or gaps
- [Gap, and whether it can be developed on the job]

Recommendation
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Hire / Next round / No hire], because [one-sentence reason]{{/extra3}}`,
      `{{Topic}}: candidate scorecard{{#extra2}} for {{extra2}}{{/extra2}}

Notes
{{#extra1}}
{{extra1}}
{{/extra1}}
{{^extra1}}
[Summarise the key evidence from the interview]
{{/extra1}}

| Criterion | Rating (1-4) | Evidence |
| --- | --- | --- |
| Skills for the {{topic}} role | [rating] | [example] |
| Problem solving | [rating] | [example] |
| Communication | [rating] | [example] |
| Collaboration | [rating] | [example] |
| Motivation for the role | [rating] | [example] |

Recommendation: {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[to be completed after the debrief]{{/extra3}}`,
    ],
  },
  {
    slug: 'new-hire-welcome-email',
    title: 'New Hire Welcome Email',
    description: 'Welcome a new colleague before their first day with everything they need to know.',
    category: ['HR'],
    isFree: true,
    fields: [
      keywordsField('Role and team', 'e.g. Backend developer joining the payments team', 1000),
      extraField('extra1', 'New hire name', 'e.g. Jordan', 100),
      extraArea(
        'extra2',
        'First-day details',
        'e.g. Monday 2 September, 9:30 at the Lisbon office, ask for Priya at reception',
        1000,
      ),
      extraField('extra3', 'Your name and role', 'e.g. Sam Rivera, Engineering Manager', 200),
      toneField('e.g. warm, upbeat'),
    ],
    prompt: `Write a welcome email to a new hire who is joining as: {{keywords}}{{#extra1}}
New hire's name: {{extra1}}{{/extra1}}{{#extra2}}
First-day details: {{extra2}}{{/extra2}}{{#extra3}}
Sender: {{extra3}}{{/extra3}}
Make them feel genuinely expected, give the practical first-day details (time, place, who to ask for, what to bring), outline what the first week will look like, and invite questions before they start. Use placeholders in square brackets for any detail not given.`,
    builtin: [
      `Subject: Welcome to the team!

Hi {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[Name]{{/extra1}},

We are so pleased you are joining us: {{topic}}. Everyone is looking forward to meeting you.

Your first day
{{#extra2}}
{{extra2}}
{{/extra2}}
{{^extra2}}
- Time and place: [date, time, address or video link]
- Who to ask for: [name]
- What to bring: [ID, bank details, anything else]
{{/extra2}}

Your first week
You will meet the team, get your laptop and accounts set up, and have time to find your feet before taking on your first piece of work.

If you have any questions before you start, just reply to this email.

See you soon!
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Your name]{{/extra3}}`,
      `Subject: Counting down to your first day

Hello {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}and welcome{{/extra1}}!

A quick note to say how happy we are that you accepted.

Your new role: {{Topic}}

Here is what to expect
1. Day one: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}a warm welcome, introductions and setting up your tools{{/extra2}}
2. Week one: one-to-one chats with your new colleagues and a first small task
3. Month one: clear goals agreed with your manager

Nothing to prepare except yourself. And if anything is unclear, I am here to help.

Warm regards,
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Your name]{{/extra3}}`,
    ],
  },
  {
    slug: 'interview-invitation-email',
    title: 'Interview Invitation Email',
    description: 'Invite a candidate to an interview with the time, format and what to prepare.',
    category: ['HR'],
    isFree: true,
    fields: [
      keywordsField('Job title', 'e.g. Marketing Coordinator', 1000, { type: 'text' }),
      extraField('extra1', 'Candidate name', 'e.g. Jordan Lee', 100),
      extraField('extra2', 'Date, time and format', 'e.g. Thursday 14 March at 10:00, video call, 45 minutes', 300),
      extraField('extra3', 'Company name', 'e.g. Northwind Studio', 200),
      extraArea(
        'extra4',
        'Interviewers and what to prepare',
        'e.g. You will meet Priya (Head of Marketing); please bring one campaign you are proud of',
        500,
      ),
    ],
    prompt: `Write an email inviting a candidate to an interview for the role: {{keywords}}{{#extra1}}
Candidate: {{extra1}}{{/extra1}}{{#extra2}}
Date, time and format: {{extra2}}{{/extra2}}{{#extra3}}
Company: {{extra3}}{{/extra3}}{{#extra4}}
Interviewers and preparation: {{extra4}}{{/extra4}}
Congratulate them on reaching the interview stage, give the practical details clearly, explain what the interview will cover and how to prepare, ask them to confirm or propose another time, and mention that adjustments are available if they need them. Use placeholders in square brackets for missing details.`,
    builtin: [
      `Subject: Interview invitation: {{topic}}{{#extra3}} at {{extra3}}{{/extra3}}

Dear {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[Candidate name]{{/extra1}},

Thank you for applying for the {{topic}} role. We enjoyed reading your application and would like to invite you to an interview.

Details
{{#extra2}}
{{extra2}}
{{/extra2}}
{{^extra2}}
- Date and time: [date, time]
- Format: [in person at address / video call link]
- Duration: [length]
{{/extra2}}

{{#extra4}}
{{extra4}}

{{/extra4}}
Please reply to confirm, or suggest another time if this does not suit you. If you need any adjustments to take part, just let us know.

We look forward to speaking with you.

Kind regards,
[Your name]{{#extra3}}
{{extra3}}{{/extra3}}`,
      `Subject: Next step for the {{topic}} role

Hi {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}there{{/extra1}},

Good news: we would love to meet you to talk about the {{topic}} position{{#extra3}} at {{extra3}}{{/extra3}}.

When and how: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}[date, time and format]{{/extra2}}

What to expect
We will talk about your experience, how you approach the work and what you are looking for, and leave plenty of time for your questions.
{{#extra4}}

Good to know: {{extra4}}
{{/extra4}}

Could you confirm by replying to this email? Happy to find another slot if needed.

Best wishes,
[Your name]`,
    ],
  },
  {
    slug: 'team-building-activities',
    title: 'Team Building Activities',
    description: 'Get team building activity ideas that fit your team, goal, setting and budget.',
    category: ['HR', 'Other'],
    isFree: false,
    fields: [
      keywordsField('Team and goal', 'e.g. 12-person engineering team, rebuild trust after a reorganisation', 1000),
      extraField('extra1', 'Budget and time available', 'e.g. €500, one afternoon', 200),
      radioField('extra2', 'Setting', ['In person', 'Remote', 'Hybrid'], 'In person'),
    ],
    prompt: `Suggest team building activities for: {{keywords}}{{#extra1}}
Budget and time available: {{extra1}}{{/extra1}}{{#extra2}}
Setting: {{extra2}}{{/extra2}}
Suggest 6 to 8 activities. For each give a name, how it works in two or three sentences, the time and materials needed, and what it builds (trust, communication, creativity...). Make them inclusive for different personalities and abilities, avoid anything embarrassing or alcohol-centred, and finish with a tip for running them well.`,
    builtin: [
      `Team building ideas: {{Topic}}{{#extra2}}
Setting: {{extra2}}{{/extra2}}{{#extra1}}
Budget and time: {{extra1}}{{/extra1}}

1. Two truths and a lesson (15 min)
Each person shares two true facts about their work history and one lesson they learned the hard way. Builds trust and shows hidden experience.

2. Build the bridge (45 min)
Small groups get limited materials and one shared goal: build a bridge that holds a book. Builds collaboration and creative problem solving.

3. User manual of me (30 min)
Everyone writes a short "how to work with me" note and shares it. Builds understanding of working styles.

4. Retro in reverse (30 min)
The team imagines the project already failed and lists why, then agrees what to do differently. Builds psychological safety.

Tip: explain why you are doing each activity, keep participation voluntary, and end with one agreement the team will act on.`,
      `Activities for {{topic}}

☐ Skill swap: each person teaches a ten-minute mini-lesson on something they love. Builds curiosity and respect.
☐ Problem-solving sprint: teams get a real, small company problem and 60 minutes to propose a fix. Builds collaboration.
☐ Gratitude round: everyone thanks one colleague for something specific. Builds recognition.
☐ Shared lunch or virtual coffee roulette: random pairs meet for 20 minutes. Builds connections across the team.
{{#extra2}}

Setting: {{extra2}}. Every idea above can be adapted, for example with breakout rooms and a shared whiteboard for anyone joining remotely.
{{/extra2}}
{{#extra1}}

Planning within {{extra1}}: pick two activities, leave time for a break, and keep the last 10 minutes for reflection.
{{/extra1}}`,
    ],
  },
  {
    slug: 'reference-check-questions',
    title: 'Reference Check Questions',
    description: "Prepare the questions to ask a candidate's referees before making an offer.",
    category: ['HR'],
    isFree: true,
    fields: [
      keywordsField('Job title', 'e.g. Finance Manager', 1000, { type: 'text' }),
      extraField('extra1', 'Candidate name', 'e.g. Jordan Lee', 100),
      extraArea(
        'extra2',
        'What to verify',
        'e.g. leadership of a team of 6, handling of month-end close, reason for leaving',
        1000,
      ),
    ],
    prompt: `Write reference check questions for a candidate applying for the role: {{keywords}}{{#extra1}}
Candidate: {{extra1}}{{/extra1}}{{#extra2}}
Points to verify: {{extra2}}{{/extra2}}
Start with a short opening script that confirms consent and explains confidentiality, then write 10 to 12 open, factual questions about the referee's working relationship, the candidate's responsibilities, strengths, areas for development and the specific points to verify, and close with "would you hire them again?". Avoid questions about protected characteristics, health or private life.`,
    builtin: [
      `Reference check: {{Topic}}{{#extra1}}, {{extra1}}{{/extra1}}

Opening
"Thank you for your time. {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}The candidate{{/extra1}} has given us permission to contact you, and what you share will be treated confidentially."

Working relationship
1. How do you know the candidate, and for how long did you work together?
2. What were their main responsibilities?

Performance
3. What were their greatest strengths?
4. Which area could they develop further?
5. How did they handle pressure, deadlines or difficult situations?
{{#extra2}}

Specific points to verify: {{extra2}}
6. Can you tell me about their experience in these areas, with an example?
{{/extra2}}

Closing
- How well do you think they would fit the {{topic}} role we are hiring for?
- Would you hire or work with them again?`,
      `Referee call guide for the {{topic}} role

Before the call: confirm the candidate's consent and the referee's job title and relationship.

Questions
- In what capacity did you work with {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}the candidate{{/extra1}}?
- What did they achieve that you remember most?
- How did they work with colleagues and managers?
- What kind of support helped them do their best work?{{#extra2}}
- We would like to confirm the following: {{extra2}}{{/extra2}}
- Is there anything else we should know to help them succeed as our new {{topic}}?

Note: record answers word for word where possible, and compare referees' answers for consistency.`,
    ],
  },
];
