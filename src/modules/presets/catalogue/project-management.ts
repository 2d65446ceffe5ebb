import type { PresetDefinition } from '../../../shared/presets/preset-types.js';
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
    slug: 'user-story',
    aliases: ['user-story-generator'],
    title: 'User Story',
    description: 'Write agile user stories with acceptance criteria for a feature or requirement.',
    category: ['Project Management', 'Tools'],
    isFree: true,
    fields: [
      keywordsField('Feature', 'e.g. data syncing with an Apple Watch', 1000),
      extraField('extra1', 'Type of user', 'e.g. returning customer', 200),
      extraField('extra2', 'Product', 'e.g. fitness tracking app', 200),
    ],
    prompt: `Write agile user stories for this feature: {{keywords}}{{#extra1}}
Type of user: {{extra1}}{{/extra1}}{{#extra2}}
Product: {{extra2}}{{/extra2}}
Split the feature into small, independent stories in the format "As a [user], I want [goal] so that [benefit]", each with a real user benefit. For each story add 3 to 5 acceptance criteria in Given/When/Then form and a rough size (S, M or L).`,
    builtin: [
      `User stories{{#extra2}}: {{extra2}}{{/extra2}}

{{#keywordList}}
Story {{index}}
As a {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}user{{/extra1}}, I want {{item}} so that I can reach my goal quickly and without extra effort.

Acceptance criteria
- Given I am signed in, when I use {{item}}, then it works as expected and I see a confirmation.
- Given something goes wrong, when I use {{item}}, then I see a clear error message and how to fix it.
- Given I come back later, when I open the app, then my earlier progress is still there.

{{/keywordList}}`,
      `{{#extra2}}
Backlog: {{extra2}}

{{/extra2}}
| # | Story | Size |
| --- | --- | --- |
{{#keywordList}}
| {{index}} | As a {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}user{{/extra1}}, I want {{item}}, so that [benefit] | M |
{{/keywordList}}

Definition of done: acceptance criteria met, tested, reviewed and documented.`,
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
      keywordsField(
        'What happened in the sprint',
        'e.g. shipped search, too many meetings, unclear requirements, great pairing',
        3000,
      ),
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
      keywordsField(
        'The update',
        'e.g. beta launched to 200 users, feedback positive, launch date moved one week',
        2000,
      ),
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
      keywordsField(
        'Goals or focus areas',
        'e.g. grow revenue, improve customer satisfaction, hire senior engineers',
        2000,
      ),
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
  {
    slug: 'acceptance-criteria',
    title: 'Acceptance Criteria',
    description: 'Write clear, testable acceptance criteria for a feature or user story.',
    category: ['Project Management', 'Tools'],
    isFree: true,
    fields: [
      keywordsField('Feature', 'e.g. data syncing with an Apple Watch', 1000),
      extraArea(
        'extra1',
        'User story or context',
        'e.g. As a runner, I want my workouts to sync automatically so that my stats are always up to date',
        1000,
      ),
      extraArea('extra2', 'Business rules or constraints', 'e.g. sync only on Wi-Fi, keep 90 days of history', 1000),
    ],
    prompt: `Write acceptance criteria for this feature: {{keywords}}{{#extra1}}
User story or context: {{extra1}}{{/extra1}}{{#extra2}}
Business rules and constraints: {{extra2}}{{/extra2}}
Write 5 to 8 testable criteria in Given/When/Then form covering the main success path, validation and error cases, edge cases and relevant non-functional needs such as performance, security or accessibility. Each criterion must be independently verifiable, free of implementation detail and unambiguous about the expected result.`,
    builtin: [
      `Acceptance criteria: {{Topic}}{{#extra1}}
Story: {{extra1}}{{/extra1}}

Scenario 1: Successful use
Given {{topic}} is available to me
When I use it with valid information
Then it completes successfully and I see a confirmation

Scenario 2: Something goes wrong
Given {{topic}} cannot be completed, for example because the connection drops
When I try it
Then I see a clear message, nothing is lost, and I can try again

Scenario 3: Coming back later
Given I used {{topic}} earlier
When I return
Then I see the latest, correct state
{{#extra2}}

Scenario 4: Business rules
Given these rules apply: {{extra2}}
When I use {{topic}}
Then every rule is respected, and any action that breaks a rule is blocked with an explanation
{{/extra2}}`,
      `Definition of done: {{topic}}

Functional
☐ The main flow for {{topic}} works end to end for a typical user
☐ Invalid input or failed steps show a clear message and leave no partial data
☐ The user can cancel or undo without losing earlier work{{#extra2}}
☐ Business rules respected: {{extra2}}{{/extra2}}

Non-functional
☐ Responds within an agreed time (for example under 2 seconds) under normal load
☐ Works with assistive technologies and meets accessibility guidelines
☐ Errors are logged so support can investigate
{{#extra1}}

Linked story: {{extra1}}
{{/extra1}}`,
    ],
  },
  {
    slug: 'smart-goal-generator',
    title: 'SMART Goal Generator',
    description: 'Turn a rough aim into a Specific, Measurable, Achievable, Relevant and Time-bound goal.',
    category: ['Project Management', 'Business', 'Education'],
    isFree: true,
    fields: [
      keywordsField('What do you want to achieve?', 'e.g. Increase online sales', 1000),
      extraField('extra1', 'Deadline or time frame', 'e.g. by the end of Q4', 100),
      extraArea('extra2', 'Current situation', 'e.g. online sales are €40,000 a month; two people run the shop', 1000),
    ],
    prompt: `Turn this aim into SMART goals: {{keywords}}{{#extra1}}
Time frame: {{extra1}}{{/extra1}}{{#extra2}}
Current situation: {{extra2}}{{/extra2}}
Write one main SMART goal statement, then explain how it is Specific, Measurable, Achievable, Relevant and Time-bound. Where numbers are not given, propose realistic targets in square brackets for the person to adjust. Finish with two supporting goals and three first actions.`,
    builtin: [
      `SMART goal: {{Topic}}
{{#extra2}}
Starting point: {{extra2}}
{{/extra2}}

Specific: {{Topic}}, with one named owner and a clearly defined scope.
Measurable: track one main metric (for example [x%] growth or [number] results) and review it every week.
Achievable: the target stretches the team but fits the time, people and budget available.
Relevant: it supports the wider objectives this year and is worth the effort.
Time-bound: {{#extra1}}achieved {{extra1}}, with a mid-point check-in{{/extra1}}{{^extra1}}achieved within [time frame], with a mid-point check-in{{/extra1}}.

Goal statement
"{{Topic}} by [target], measured by [metric], {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}by [date]{{/extra1}}."

First actions
1. Agree the baseline and the target number.
2. List the three activities that will move the metric most.
3. Put the weekly review in the calendar.`,
      `From aim to SMART goal

Aim: {{topic}}{{#extra2}}
Today: {{extra2}}{{/extra2}}

S: What exactly will change, and who owns it?
M: Which number shows progress, and what is its value today?
A: Which resources make it realistic?
R: Why does this matter now?
T: {{#extra1}}Deadline: {{extra1}}{{/extra1}}{{^extra1}}What is the deadline?{{/extra1}}

Draft goal
"{{Topic}} from [baseline] to [target] {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}by [date]{{/extra1}}, reviewed every two weeks."

Supporting goals
- One habit or process change that makes the main goal easier
- One learning or capability goal for the people involved`,
    ],
  },
  {
    slug: 'raci-matrix',
    title: 'RACI Matrix',
    description: 'Map who is Responsible, Accountable, Consulted and Informed for each task in a project.',
    category: ['Project Management', 'Business'],
    isFree: false,
    fields: [
      keywordsField(
        'Tasks or deliverables',
        'e.g. requirements, design, development, testing, launch communications',
        2000,
      ),
      extraField(
        'extra1',
        'People or roles involved',
        'e.g. Product Manager, Designer, Tech Lead, Marketing, Sponsor',
        500,
      ),
      extraField('extra2', 'Project name', 'e.g. Mobile app v2', 200),
    ],
    prompt: `Create a RACI matrix for these tasks or deliverables: {{keywords}}{{#extra1}}
People or roles: {{extra1}}{{/extra1}}{{#extra2}}
Project: {{extra2}}{{/extra2}}
Present it as a table with one row per task and one column per role, using R (Responsible), A (Accountable), C (Consulted) and I (Informed). Give every task exactly one A and at least one R, keep the number of Cs low, then add a short explanation of the key assignments and any potential conflicts or overloaded roles.`,
    builtin: [
      `RACI matrix{{#extra2}}: {{extra2}}{{/extra2}}
Roles: {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}Sponsor, Project lead, Team member, Stakeholders{{/extra1}}

| Task | Responsible | Accountable | Consulted | Informed |
| --- | --- | --- | --- | --- |
{{#keywordList}}
| {{item}} | [who does the work] | [one owner] | [experts to ask] | [who to update] |
{{/keywordList}}

Rules of thumb
- Exactly one Accountable person per task.
- At least one Responsible person per task.
- If one person is Responsible for most tasks, rebalance the work.`,
      `Who does what{{#extra2}} on {{extra2}}{{/extra2}}

{{#keywordList}}
{{index}}. {{item}}
   R: [name or role] · A: [name or role] · C: [name or role] · I: [name or role]
{{/keywordList}}
{{#extra1}}

People to assign: {{extra1}}
{{/extra1}}

R = does the work · A = signs it off · C = gives input before · I = is told after

Review the matrix with everyone named in it at kick-off, so nobody is surprised by their role.`,
    ],
  },
  {
    slug: 'product-requirements-document',
    title: 'Product Requirements Document',
    description: 'Draft a product requirements document with the problem, users, requirements and success metrics.',
    category: ['Project Management', 'Business'],
    isFree: false,
    fields: [
      keywordsField('Product or feature', 'e.g. Shared shopping lists in our grocery delivery app', 2000),
      extraArea(
        'extra1',
        'Problem and target users',
        'e.g. families forget items and place several small orders a week',
        1000,
      ),
      extraArea('extra2', 'Key requirements', 'e.g. invite by link, real-time updates, works offline', 1000),
      extraField('extra3', 'Success metrics', 'e.g. 20% fewer small orders, 30% of families use it monthly', 500),
      extraArea('extra4', 'Constraints and deadline', 'e.g. iOS and Android, launch before December', 500),
      lengthField(),
    ],
    prompt: `Write a product requirements document (PRD) for: {{keywords}}{{#extra1}}
Problem and target users: {{extra1}}{{/extra1}}{{#extra2}}
Key requirements: {{extra2}}{{/extra2}}{{#extra3}}
Success metrics: {{extra3}}{{/extra3}}{{#extra4}}
Constraints and deadline: {{extra4}}{{/extra4}}
Include these sections: overview, problem statement, goals and non-goals, target users and personas, user stories, functional requirements (prioritised as must, should, could), non-functional requirements, success metrics, dependencies and risks, open questions, and a release plan. Mark assumptions clearly.`,
    builtin: [
      `Product requirements: {{Topic}}

1. Overview
This document describes what we are building, for whom and why, so the team can plan and make decisions with the same picture in mind.

2. Problem
{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[Describe the user problem and the evidence for it]{{/extra1}}

3. Requirements
{{#extra2}}
Must have: {{extra2}}
{{/extra2}}
{{^extra2}}
Must have: [the smallest set of capabilities that solves the problem]
{{/extra2}}
{{^isShort}}
Should have: [improvements for the first update]
Could have: [ideas to validate later]
Non-functional: performance, security, accessibility and privacy expectations.
{{/isShort}}

4. Success metrics
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Primary metric, baseline and target]{{/extra3}}

{{#isLong}}
5. Risks and open questions
- Adoption: will users discover and understand the feature?
- Dependencies on other teams or systems
- Open question: [to be answered before development starts]

{{/isLong}}
Constraints and timing: {{#extra4}}{{extra4}}{{/extra4}}{{^extra4}}[platforms, budget, deadline]{{/extra4}}`,
      `PRD (one page): {{topic}}

Why: {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[the problem and who has it]{{/extra1}}
What: {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}[the key requirements, in priority order]{{/extra2}}
How we will know it works: {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[success metrics]{{/extra3}}
Limits: {{#extra4}}{{extra4}}{{/extra4}}{{^extra4}}[constraints and deadline]{{/extra4}}

{{^isShort}}
Non-goals
- Anything not needed to solve the problem above in the first release

User stories
- As a user, I want {{topic}} so that my problem is solved with less effort.
{{/isShort}}
{{#isLong}}

Release plan
1. Prototype and test with five users
2. Beta for a small group, measuring the success metrics
3. Full launch and review after 30 days
{{/isLong}}`,
    ],
  },
  {
    slug: 'release-notes',
    title: 'Release Notes',
    description: 'Turn a list of changes into clear, user-friendly release notes.',
    category: ['Project Management', 'Tools', 'Marketing'],
    isFree: true,
    fields: [
      keywordsField(
        'What changed',
        'e.g. dark mode, faster search, fixed login bug on Android, removed old export',
        3000,
      ),
      extraField('extra1', 'Product and version', 'e.g. Northwind app 3.2', 200),
      extraField('extra2', 'Release date', 'e.g. 14 March', 100),
      toneField('e.g. friendly, concise'),
    ],
    prompt: `Write release notes for these changes: {{keywords}}{{#extra1}}
Product and version: {{extra1}}{{/extra1}}{{#extra2}}
Release date: {{extra2}}{{/extra2}}
Group the changes into New, Improved, Fixed and Removed (leave out empty groups), describe each change by its benefit to the user in one line, avoid internal jargon and ticket numbers, and open with a one-sentence highlight of the most important change.`,
    builtin: [
      `What's new{{#extra1}} in {{extra1}}{{/extra1}}{{#extra2}} ({{extra2}}){{/extra2}}

Highlights{{#keywordList}}
• {{item}}{{/keywordList}}

Update now to get the latest improvements. As always, we would love to hear your feedback.`,
      `Release notes{{#extra1}}: {{extra1}}{{/extra1}}{{#extra2}}
Released: {{extra2}}{{/extra2}}

This update brings {{topic}}.

Changes{{#keywordList}}
{{index}}. {{item}}{{/keywordList}}

Thank you to everyone who reported issues and suggested ideas: many of these changes started with you.`,
    ],
  },
  {
    slug: 'project-post-mortem',
    title: 'Project Post-Mortem',
    description: 'Review a finished project: what happened, what worked, what did not and the lessons learned.',
    category: ['Project Management', 'Business'],
    isFree: false,
    fields: [
      keywordsField(
        'What happened in the project',
        'e.g. launched 6 weeks late, scope grew twice, great collaboration with design, testing started too late',
        3000,
      ),
      extraField('extra1', 'Project name', 'e.g. Website relaunch', 200),
      extraArea(
        'extra2',
        'Original goals and actual outcome',
        'e.g. goal: live by June, 20% more sign-ups; outcome: live in August, 25% more sign-ups',
        1000,
      ),
      lengthField(),
    ],
    prompt: `Write a blameless project post-mortem based on: {{keywords}}{{#extra1}}
Project: {{extra1}}{{/extra1}}{{#extra2}}
Goals and outcome: {{extra2}}{{/extra2}}
Include a summary, goals versus results, a short timeline of key events, what went well, what did not go well with root causes (focus on processes, not people), lessons learned, and 3 to 5 specific actions with owners and dates for future projects.`,
    builtin: [
      `Post-mortem{{#extra1}}: {{extra1}}{{/extra1}}

Summary
This review looks back at the project to learn from it. It is blameless: we focus on processes and decisions, not on individuals.
{{#extra2}}

Goals and outcome
{{extra2}}
{{/extra2}}

What happened{{#keywordList}}
- {{item}}{{/keywordList}}

{{^isShort}}
What went well
- [Move the positive points above here and note why they worked]

What did not go well
- [Move the problems here, and ask "why?" until you reach a root cause]

{{/isShort}}
Actions for next time
1. [Action] · Owner: [name] · By: [date]
2. [Action] · Owner: [name] · By: [date]
{{#isLong}}
3. [Action] · Owner: [name] · By: [date]

Follow-up: review these actions at the start of the next project.
{{/isLong}}`,
      `{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}Project{{/extra1}}: lessons learned

{{#extra2}}
Result against the plan: {{extra2}}

{{/extra2}}
Key events{{#keywordList}}
{{index}}. {{item}}{{/keywordList}}

Keep doing
Whatever helped the team above: protect it in the next project plan.

{{^isShort}}
Change
Whatever slowed the team down: name one process change for each problem.

{{/isShort}}
{{#isLong}}
Root-cause questions
- When did we first see this coming, and what stopped us acting?
- Which decision would we make differently with what we know now?

{{/isLong}}
Agree owners and dates for each change before closing the project.`,
    ],
  },
  {
    slug: 'project-timeline',
    title: 'Project Timeline',
    description: 'Lay out a project timeline with phases, milestones and dependencies.',
    category: ['Project Management'],
    isFree: false,
    fields: [
      keywordsField('Project phases or deliverables', 'e.g. content, design, development, testing, launch', 2000),
      extraField('extra1', 'Start date and deadline', 'e.g. 1 March to 30 June', 200),
      extraField('extra2', 'Team and constraints', 'e.g. 3 people, designer available only in April', 300),
      lengthField(),
    ],
    prompt: `Create a project timeline for: {{keywords}}{{#extra1}}
Start date and deadline: {{extra1}}{{/extra1}}{{#extra2}}
Team and constraints: {{extra2}}{{/extra2}}
Break the work into phases with start and end weeks, list milestones with target dates, show key dependencies between phases, and keep a buffer of about 15% before the deadline. Present it as a table, then list the critical path and the biggest scheduling risks.`,
    builtin: [
      `Timeline: {{Topic}}{{#extra1}}
Dates: {{extra1}}{{/extra1}}{{#extra2}}
Team and constraints: {{extra2}}{{/extra2}}

| Phase | Weeks | Depends on | Milestone |
| --- | --- | --- | --- |
| Kick-off and planning | Week 1 | None | Plan approved |
{{#keywordList}}
| {{item}} | [weeks] | Previous phase | {{item}} signed off |
{{/keywordList}}
| Buffer | Final 15% | All phases | Ready for launch |

{{^isShort}}
Critical path
The phases above run mostly in sequence, so a delay in any of them moves the end date. Start the longest phase as early as possible.

{{/isShort}}
{{#isLong}}
Scheduling risks
- Key people unavailable at the planned time
- Approvals taking longer than expected
- Scope added after planning without moving the date
{{/isLong}}`,
      `{{Topic}}: milestones

{{#extra1}}
From {{extra1}}
{{/extra1}}
Milestone 0: kick-off, roles and plan agreed
{{#keywordList}}
Milestone {{index}}: {{item}} complete and reviewed
{{/keywordList}}
Final milestone: launch and handover

{{^isShort}}
Working rules
- Each milestone has one owner and a review date.
- Dependencies are checked at the weekly status meeting.
{{/isShort}}
{{#extra2}}

Plan around: {{extra2}}
{{/extra2}}`,
    ],
  },
];
