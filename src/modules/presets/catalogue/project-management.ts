import type { PresetDefinition } from '../preset-types.js';
import { extraArea, extraField, keywordsField, lengthField, radioField, toneField } from './fields.js';

export const projectManagementPresets: PresetDefinition[] = [
  {
    slug: 'meeting-agenda',
    title: 'Meeting Agenda',
    description: 'Create a focused, time-boxed meeting agenda with clear goals and owners.',
    category: ['Project Management', 'Business'],
    isFree: true,
    fields: [
      keywordsField('Meeting purpose and topics', 'e.g. Q3 planning: budget review, hiring plan, launch dates', 2000),
      extraField('extra1', 'Date, time and duration', 'e.g. Tuesday 10:00, 45 minutes', 200),
      extraField('extra2', 'Attendees', 'e.g. Priya, Tom, Ana, Sam', 300),
      extraField('extra3', 'Desired outcome', 'e.g. agree the launch date and owners', 300),
    ],
    prompt: `Create a meeting agenda for: {{keywords}}{{#extra1}}
Date, time and duration: {{extra1}}{{/extra1}}{{#extra2}}
Attendees: {{extra2}}{{/extra2}}{{#extra3}}
Desired outcome: {{extra3}}{{/extra3}}
State the meeting goal, list agenda items with a time box, an owner placeholder and whether each item is for information, discussion or decision, and finish with a slot for actions and next steps.`,
    builtin: [
      `Agenda: {{Topic}}{{#extra1}}
When: {{extra1}}{{/extra1}}{{#extra2}}
Attendees: {{extra2}}{{/extra2}}
Goal: {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}leave with clear decisions and owners{{/extra3}}

Opening: welcome and goal of the meeting (5 min){{#keywordList}}
{{index}}. {{item}} (10 min) · Owner: [name] · For: discussion / decision{{/keywordList}}
Close: actions, owners and next steps (5 min)

Please read any pre-reading before the meeting and come with questions.`,
      `{{Topic}}: meeting plan

Why we are meeting
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}To align on the topics below and agree next steps.{{/extra3}}

Topics{{#keywordList}}
☐ {{item}}{{/keywordList}}
☐ Wrap-up: who does what by when

{{#extra1}}
Time: {{extra1}}
{{/extra1}}
{{#extra2}}
Invited: {{extra2}}
{{/extra2}}
Notes and decisions will be shared within 24 hours.`,
    ],
  },
  {
    slug: 'meeting-minutes',
    title: 'Meeting Minutes',
    description: 'Turn rough meeting notes into clean minutes with decisions and action items.',
    category: ['Project Management', 'Business'],
    isFree: true,
    fields: [
      keywordsField('Your meeting notes', 'Paste your notes, one point per line', 5000),
      extraField('extra1', 'Meeting title and date', 'e.g. Website relaunch sync, 12 March', 200),
      extraField('extra2', 'Attendees', 'e.g. Priya, Tom, Ana', 300),
      extraArea('extra3', 'Action items', 'e.g. Tom: send mock-ups by Friday', 1000),
    ],
    prompt: `Turn these notes into clear meeting minutes: {{keywords}}{{#extra1}}
Meeting: {{extra1}}{{/extra1}}{{#extra2}}
Attendees: {{extra2}}{{/extra2}}{{#extra3}}
Action items already noted: {{extra3}}{{/extra3}}
Use these sections: Summary, Discussion points, Decisions, Action items (owner, task, due date), Open questions. Keep it factual and do not add anything that is not in the notes.`,
    builtin: [
      `Minutes{{#extra1}}: {{extra1}}{{/extra1}}{{#extra2}}
Present: {{extra2}}{{/extra2}}

Discussion points{{#keywordList}}
- {{item}}{{/keywordList}}

Decisions
- [Decision, with the reason in one line]

Action items{{#extra3}}
{{extra3}}{{/extra3}}
{{^extra3}}
- [Owner]: [task] by [date]
{{/extra3}}`,
      `{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}Meeting notes{{/extra1}}

Summary
The meeting covered {{topic}}.

{{#keywordList}}
{{index}}. {{item}}
{{/keywordList}}

Next steps
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}Owners and due dates to be confirmed.{{/extra3}}
{{#extra2}}

Attendees: {{extra2}}
{{/extra2}}`,
    ],
  },
  {
    slug: 'project-status-report',
    title: 'Project Status Report',
    description: 'Write a concise project status report with progress, risks and next steps.',
    category: ['Project Management'],
    isFree: false,
    fields: [
      keywordsField('Progress and updates', 'e.g. design done, backend 70%, testing starts Monday', 3000),
      extraField('extra1', 'Project name', 'e.g. Website relaunch', 200),
      radioField('extra2', 'Overall status', ['On track', 'At risk', 'Off track'], 'On track'),
      extraArea('extra3', 'Risks and blockers', 'e.g. waiting for legal approval of the privacy text', 1000),
      extraArea('extra4', 'Next steps', 'e.g. start user testing, finalise launch comms', 500),
      lengthField('Short'),
    ],
    prompt: `Write a project status report based on: {{keywords}}{{#extra1}}
Project: {{extra1}}{{/extra1}}{{#extra2}}
Overall status: {{extra2}}{{/extra2}}{{#extra3}}
Risks and blockers: {{extra3}}{{/extra3}}{{#extra4}}
Next steps: {{extra4}}{{/extra4}}
Use these sections: Summary (two sentences), Progress since last update, Risks and issues with mitigation, Next steps with owners, Help needed. Keep it scannable.`,
    builtin: [
      `Status report{{#extra1}}: {{extra1}}{{/extra1}}
Overall status: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}On track{{/extra2}}

Progress{{#keywordList}}
✔ {{item}}{{/keywordList}}

{{#extra3}}
Risks and blockers
⚠ {{extra3}}

{{/extra3}}
{{#extra4}}
Next steps
→ {{extra4}}

{{/extra4}}
{{^isShort}}
Help needed
None at this stage; we will flag anything that needs a decision.
{{/isShort}}`,
      `{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}Project{{/extra1}} update

Overall: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}On track{{/extra2}}

Updates{{#keywordList}}
{{index}}. {{item}}{{/keywordList}}

{{#extra3}}
Watch out for: {{extra3}}
{{/extra3}}
{{#extra4}}
Coming up: {{extra4}}
{{/extra4}}
{{#isLong}}

The next update will follow in one week, or sooner if anything changes.
{{/isLong}}`,
    ],
  },
  {
    slug: 'project-charter',
    title: 'Project Charter',
    description: 'Draft a project charter that defines goals, scope, stakeholders and success criteria.',
    category: ['Project Management', 'Business'],
    isFree: false,
    fields: [
      keywordsField('Project goal', 'e.g. Launch a customer self-service portal to cut support tickets by 30%', 2000),
      extraField('extra1', 'Project name', 'e.g. Project Lighthouse', 200),
      extraArea('extra2', 'Scope and deliverables', 'e.g. portal, knowledge base, login with SSO', 1000),
      extraField('extra3', 'Stakeholders and team', 'e.g. sponsor: COO; lead: Priya; 4 developers', 500),
      extraArea('extra4', 'Budget and deadline', 'e.g. €120,000, live by November', 500),
      lengthField(),
    ],
    prompt: `Write a project charter for a project with this goal: {{keywords}}{{#extra1}}
Project name: {{extra1}}{{/extra1}}{{#extra2}}
Scope and deliverables: {{extra2}}{{/extra2}}{{#extra3}}
Stakeholders and team: {{extra3}}{{/extra3}}{{#extra4}}
Budget and deadline: {{extra4}}{{/extra4}}
Include background, objectives (SMART), in scope and out of scope, deliverables, milestones, stakeholders and roles, budget, risks and assumptions, and success criteria.`,
    builtin: [
      `PROJECT CHARTER{{#extra1}}: {{extra1}}{{/extra1}}

Purpose
{{Topic}}

Objectives{{#keywordList}}
- {{item}}{{/keywordList}}

Scope
{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}In scope: [list]. Out of scope: [list].{{/extra2}}

Stakeholders and roles
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}Sponsor: [name] · Project lead: [name] · Team: [names]{{/extra3}}

Budget and timeline
{{#extra4}}{{extra4}}{{/extra4}}{{^extra4}}[budget] · [target date]{{/extra4}}

{{^isShort}}
Risks and assumptions
- Key people are available as planned
- Decisions are made within one week of being requested

{{/isShort}}
Success criteria
The project succeeds when the purpose above is measurably achieved and signed off by the sponsor.`,
      `{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}Project{{/extra1}} on a page

Why: {{topic}}
What: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}deliverables to be confirmed{{/extra2}}
Who: {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}sponsor, lead and team to be named{{/extra3}}
When and how much: {{#extra4}}{{extra4}}{{/extra4}}{{^extra4}}to be agreed{{/extra4}}

{{#isLong}}
Milestones
1. Kick-off and plan approved
2. First deliverable reviewed
3. Pilot and feedback
4. Launch and handover

{{/isLong}}
Approved by: [sponsor] · Date: [date]`,
    ],
  },
  {
    slug: 'user-story-generator',
    title: 'User Story Generator',
    description: 'Write agile user stories with acceptance criteria for a feature or requirement.',
    category: ['Project Management', 'Tools'],
    isFree: true,
    fields: [
      keywordsField('Feature or requirements', 'e.g. password reset, two-factor login, remember this device', 2000),
      extraField('extra1', 'Type of user', 'e.g. returning customer', 200),
      extraField('extra2', 'Product', 'e.g. online banking app', 200),
    ],
    prompt: `Write agile user stories for: {{keywords}}{{#extra1}}
Type of user: {{extra1}}{{/extra1}}{{#extra2}}
Product: {{extra2}}{{/extra2}}
Use the format "As a [user], I want [goal] so that [benefit]". For each story add 3 to 5 acceptance criteria in Given/When/Then form and a rough size (S, M or L).`,
    builtin: [
      `User stories{{#extra2}}: {{extra2}}{{/extra2}}

{{#keywordList}}
Story {{index}}
As a {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}user{{/extra1}}, I want {{item}} so that I can reach my goal quickly and safely.

Acceptance criteria
- Given I am signed in, when I use {{item}}, then it works as expected and I see a confirmation.
- Given something goes wrong, when I use {{item}}, then I see a clear error message and how to fix it.

{{/keywordList}}`,
      `| # | Story | Size |
| --- | --- | --- |
{{#keywordList}}
| {{index}} | As a {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}user{{/extra1}}, I want {{item}}, so that [benefit] | M |
{{/keywordList}}

Definition of done: criteria met, tested, reviewed and documented.`,
    ],
  },
  {
    slug: 'risk-assessment',
    title: 'Risk Assessment',
    description: 'Identify project risks with likelihood, impact, owners and mitigation plans.',
    category: ['Project Management', 'Business'],
    isFree: false,
    fields: [
      keywordsField('Project or activity', 'e.g. Migrating our customer database to a new cloud provider', 2000),
      extraArea('extra1', 'Known risks or concerns', 'e.g. downtime, data loss, staff availability in August', 1000),
      extraField('extra2', 'Context', 'e.g. 50,000 customers, deadline end of Q3', 300),
    ],
    prompt: `Create a risk assessment for: {{keywords}}{{#extra1}}
Known risks or concerns: {{extra1}}{{/extra1}}{{#extra2}}
Context: {{extra2}}{{/extra2}}
List 6 to 10 risks in a table with description, likelihood (low/medium/high), impact (low/medium/high), mitigation and an owner placeholder, then name the three risks to act on first.`,
    builtin: [
      `Risk register: {{Topic}}{{#extra2}}
Context: {{extra2}}{{/extra2}}

| Risk | Likelihood | Impact | Mitigation | Owner |
| --- | --- | --- | --- | --- |{{#keywordList}}
| Problems with {{item}} | Medium | High | Plan, test early, agree a fallback | [name] |{{/keywordList}}
| Key people unavailable | Medium | Medium | Document work, assign deputies | [name] |
| Scope grows beyond plan | High | Medium | Change control, weekly review | [name] |
{{#extra1}}

Known concerns to score: {{extra1}}
{{/extra1}}`,
      `Risk assessment for {{topic}}

Top risks{{#extra1}}
- {{extra1}}{{/extra1}}{{#keywordList}}
- {{item}}: what could go wrong, how likely, how bad, and what we will do about it{{/keywordList}}

Scoring: likelihood × impact, each from 1 (low) to 3 (high). Act first on anything scoring 6 or more.

Review this assessment at every milestone and whenever something important changes.`,
    ],
  },
  {
    slug: 'task-breakdown',
    title: 'Task Breakdown',
    description: 'Break a goal or project into phases and concrete, assignable tasks.',
    category: ['Project Management', 'Tools'],
    isFree: true,
    fields: [
      keywordsField('Goal or project', 'e.g. Launch a company podcast: planning, recording, editing, publishing', 2000),
      extraField('extra1', 'Deadline', 'e.g. 30 June', 100),
      extraField('extra2', 'Team or resources', 'e.g. 2 people, small budget', 300),
      lengthField(),
    ],
    prompt: `Break this goal into a task plan: {{keywords}}{{#extra1}}
Deadline: {{extra1}}{{/extra1}}{{#extra2}}
Team or resources: {{extra2}}{{/extra2}}
Group tasks into phases, make every task a concrete action that one person can finish in a day or less, note dependencies, and suggest a rough timeline that meets the deadline.`,
    builtin: [
      `Task plan: {{Topic}}{{#extra1}} (due {{extra1}}){{/extra1}}{{#extra2}}
Resources: {{extra2}}{{/extra2}}

Phase 1: Prepare
[ ] Define what "done" looks like
[ ] List people, tools and budget needed

{{#keywordList}}
Phase: {{item}}
[ ] Plan {{item}}
{{^isShort}}
[ ] Do the first version of {{item}}
[ ] Review {{item}} and fix issues
{{/isShort}}

{{/keywordList}}
Final phase: Wrap up
[ ] Share the result and collect feedback`,
      `{{Topic}}: work breakdown

{{#keywordList}}
{{index}}. {{item}}
   {{index}}.1 Clarify requirements
   {{index}}.2 Complete the work{{#isLong}}
   {{index}}.3 Check quality and sign off{{/isLong}}
{{/keywordList}}

{{#extra1}}
Work backwards from {{extra1}}, leaving a buffer of at least 20% for surprises.
{{/extra1}}
{{^extra1}}
Add a date to each task, and leave a buffer of at least 20% for surprises.
{{/extra1}}`,
    ],
  },
  {
    slug: 'sprint-retrospective',
    title: 'Sprint Retrospective',
    description: 'Summarise a sprint retrospective into what went well, what to improve and actions.',
    category: ['Project Management'],
    isFree: true,
    fields: [
      keywordsField('What happened in the sprint', 'e.g. shipped search, too many meetings, unclear requirements, great pairing', 3000),
      extraField('extra1', 'Sprint name or number', 'e.g. Sprint 14', 100),
      extraField('extra2', 'Team', 'e.g. Payments squad', 200),
    ],
    prompt: `Write a sprint retrospective summary based on: {{keywords}}{{#extra1}}
Sprint: {{extra1}}{{/extra1}}{{#extra2}}
Team: {{extra2}}{{/extra2}}
Sort the points into What went well, What didn't go well and What we learned, then propose 2 to 3 specific, owned action items for the next sprint.`,
    builtin: [
      `Retrospective{{#extra1}}: {{extra1}}{{/extra1}}{{#extra2}} · {{extra2}}{{/extra2}}

What we discussed{{#keywordList}}
- {{item}}{{/keywordList}}

Went well: [move the positive points here]
To improve: [move the pain points here]

Actions for next sprint
1. [Action] · Owner: [name]
2. [Action] · Owner: [name]`,
      `{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}Team{{/extra2}} retro{{#extra1}}, {{extra1}}{{/extra1}}

Input from the team{{#keywordList}}
{{index}}. {{item}}{{/keywordList}}

Sort each point into one of three columns
😀 Keep: what helped us
😕 Change: what slowed us down
💡 Try: one experiment for the next sprint

Agreed experiment for next sprint: pick the most painful item above and try one small change for it.`,
    ],
  },
  {
    slug: 'stakeholder-update-email',
    title: 'Stakeholder Update Email',
    description: 'Write a clear project update email for stakeholders, with decisions needed up front.',
    category: ['Project Management', 'Business'],
    isFree: false,
    fields: [
      keywordsField('The update', 'e.g. beta launched to 200 users, feedback positive, launch date moved one week', 2000),
      extraField('extra1', 'Project name', 'e.g. Mobile app v2', 200),
      extraField('extra2', 'Audience', 'e.g. leadership team', 200),
      extraField('extra3', 'Decision or help needed', 'e.g. approval to extend the beta', 300),
      toneField(),
    ],
    prompt: `Write a stakeholder update email about: {{keywords}}{{#extra1}}
Project: {{extra1}}{{/extra1}}{{#extra2}}
Audience: {{extra2}}{{/extra2}}{{#extra3}}
Decision or help needed: {{extra3}}{{/extra3}}
Put any decision needed at the top, then a three-line summary, key progress, risks and what happens next. Keep it skimmable for busy readers.`,
    builtin: [
      `Subject: {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}Project{{/extra1}} update

Hi {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}all{{/extra2}},

{{#extra3}}
Decision needed: {{extra3}}

{{/extra3}}
Here is the latest:{{#keywordList}}
• {{item}}{{/keywordList}}

I'm happy to go into more detail on any of these. Next update in two weeks.

Best,
[Your name]`,
      `Subject: Update: {{topic}}

Hello{{#extra2}} {{extra2}}{{/extra2}},

TL;DR {{Topic}}.{{#extra3}}
What we need from you: {{extra3}}.{{/extra3}}

Progress, risks and next steps are summarised below, and the full plan is available on request.

Thanks for your continued support.
[Your name]`,
    ],
  },
  {
    slug: 'project-kickoff-email',
    title: 'Project Kick-off Email',
    description: 'Announce a new project to the team with goals, roles and the first steps.',
    category: ['Project Management', 'HR'],
    isFree: true,
    fields: [
      keywordsField('Project and goals', 'e.g. Website relaunch: faster pages, new design, better SEO', 2000),
      extraField('extra1', 'Kick-off meeting date', 'e.g. Monday 3 June, 10:00', 200),
      extraField('extra2', 'Team', 'e.g. Priya (design), Tom (dev), Ana (content)', 300),
      extraField('extra3', 'Project lead', 'e.g. Sam', 100),
      toneField(),
    ],
    prompt: `Write a project kick-off email for: {{keywords}}{{#extra1}}
Kick-off meeting: {{extra1}}{{/extra1}}{{#extra2}}
Team: {{extra2}}{{/extra2}}{{#extra3}}
Project lead: {{extra3}}{{/extra3}}
Explain why the project matters, the goals, who is involved and in what role, how the team will communicate, and what happens first. End on an energising note.`,
    builtin: [
      `Subject: Kicking off: {{Topic}}

Hi team,

I am excited to kick off our new project: {{topic}}.

Our goals{{#keywordList}}
🎯 {{item}}{{/keywordList}}

{{#extra2}}
Who is involved: {{extra2}}

{{/extra2}}
{{#extra1}}
Kick-off meeting: {{extra1}}. Please bring your questions and ideas.
{{/extra1}}
{{^extra1}}
I will send an invite for a kick-off meeting shortly.
{{/extra1}}

Let's make this a great one!
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Your name]{{/extra3}}`,
      `Subject: New project: {{topic}}

Hello everyone,

Today we start work on {{topic}}. Here is what you need to know.

Why it matters: it helps us serve our customers better and makes our own work easier.{{#extra3}}
Project lead: {{extra3}}{{/extra3}}{{#extra2}}
Team: {{extra2}}{{/extra2}}
First step: {{#extra1}}kick-off meeting on {{extra1}}{{/extra1}}{{^extra1}}a kick-off meeting, invite to follow{{/extra1}}.

Updates will be shared weekly in the project channel. Thanks in advance for your energy!`,
    ],
  },
  {
    slug: 'okr-generator',
    title: 'OKR Generator',
    description: 'Turn goals into objectives and measurable key results for a team or company.',
    category: ['Project Management', 'Business'],
    isFree: false,
    fields: [
      keywordsField('Goals or focus areas', 'e.g. grow revenue, improve customer satisfaction, hire senior engineers', 2000),
      extraField('extra1', 'Team or company', 'e.g. Customer success team', 200),
      extraField('extra2', 'Time period', 'e.g. Q3 2025', 100),
    ],
    prompt: `Write OKRs (Objectives and Key Results) for these goals: {{keywords}}{{#extra1}}
Team or company: {{extra1}}{{/extra1}}{{#extra2}}
Time period: {{extra2}}{{/extra2}}
Write 2 to 4 inspiring, qualitative objectives, each with 3 measurable key results that have a baseline and a target, and avoid key results that are just tasks.`,
    builtin: [
      `OKRs{{#extra1}}: {{extra1}}{{/extra1}}{{#extra2}} · {{extra2}}{{/extra2}}

{{#keywordList}}
Objective {{index}}: Make real progress on {{item}}
   KR{{index}}.1 Improve the main measure of {{item}} from [baseline] to [target]
   KR{{index}}.2 Complete [number] initiatives that move {{item}} forward
   KR{{index}}.3 Reach [target] satisfaction score on {{item}} from the people it affects

{{/keywordList}}
Review progress every two weeks and score each key result from 0.0 to 1.0 at the end of the period.`,
      `{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}This quarter{{/extra2}}: what we want to achieve

{{#keywordList}}
O: {{item}}, done well and visibly
• KR: [metric] from [x] to [y]
• KR: [metric] from [x] to [y]

{{/keywordList}}
Tip: if a key result can be ticked off like a task, rewrite it as an outcome you can measure.`,
    ],
  },
  {
    slug: 'executive-summary',
    title: 'Executive Summary',
    description: 'Summarise a project, report or business plan for busy decision-makers.',
    category: ['Project Management', 'Business'],
    isFree: false,
    fields: [
      keywordsField('What should be summarised?', 'Describe the project or paste the key content of the report', 5000),
      extraArea('extra1', 'Key figures', 'e.g. 23% cost reduction, 4-month payback', 500),
      extraField('extra2', 'Decision or ask', 'e.g. Approve a budget of €40,000 for phase two', 300),
      lengthField('Short'),
    ],
    prompt: `Write an executive summary of: {{keywords}}{{#extra1}}
Key figures to include: {{extra1}}{{/extra1}}{{#extra2}}
The decision or ask: {{extra2}}{{/extra2}}
Lead with the conclusion, then the context, the key findings or results, the recommendation and the next steps. Write for a senior reader who has two minutes.`,
    builtin: [
      `Executive summary: {{Topic}}

Bottom line
{{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}The work is on track and ready for the next decision.{{/extra2}}

Key points{{#keywordList}}
- {{item}}{{/keywordList}}
{{#extra1}}

Figures
{{extra1}}
{{/extra1}}
{{^isShort}}

Next steps
1. Confirm the recommendation above.
2. Assign owners and dates for the follow-up actions.
3. Review progress at the next steering meeting.
{{/isShort}}`,
      `{{Topic}}: summary for decision-makers

Purpose: this note summarises where things stand and what is needed next.{{#extra1}}
Results so far: {{extra1}}{{/extra1}}

What it covers{{#keywordList}}
{{index}}. {{item}}{{/keywordList}}

{{#extra2}}
Recommendation: {{extra2}}
{{/extra2}}
{{#isLong}}

Risks to watch are scope creep, availability of key people and dependencies on other teams. Each has an owner and a mitigation plan.
{{/isLong}}`,
    ],
  },
];
