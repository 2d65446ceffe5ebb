import type { PresetDefinition } from '../preset-types.js';
import { extraArea, extraField, keywordsField, lengthField, toneField } from './fields.js';

export const resumePresets: PresetDefinition[] = [
  {
    slug: 'cover-letter-generator',
    title: 'Cover Letter Generator',
    description: 'Write a tailored cover letter that connects your experience to the job and company.',
    category: ['Resume', 'HR'],
    isFree: false,
    fields: [
      keywordsField('Your experience and achievements', 'e.g. 6 years in customer success, grew retention by 18%, led a team of 5', 3000),
      extraArea('extra1', 'Key skills', 'e.g. stakeholder management, SQL, onboarding design', 1000),
      extraField('extra2', 'Company name', 'e.g. Northwind Studio', 200),
      extraField('extra3', 'Job title', 'e.g. Head of Customer Success', 200),
      extraArea('extra4', 'Extra notes', 'e.g. Relocating to Lisbon in March; mention my volunteer work', 500),
      toneField('e.g. confident, warm, formal'),
      lengthField(),
    ],
    prompt: `Write a cover letter based on this experience: {{keywords}}{{#extra1}}
Key skills to highlight: {{extra1}}{{/extra1}}{{#extra2}}
Company: {{extra2}}{{/extra2}}{{#extra3}}
Job title: {{extra3}}{{/extra3}}{{#extra4}}
Also take into account: {{extra4}}{{/extra4}}
Open with a specific reason for applying, connect two or three concrete achievements to what the role needs, show genuine interest in the company, and close with a confident call to action. Do not invent experience that is not given.`,
    builtin: [
      `Dear Hiring Manager,

I am writing to apply for the {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}advertised{{/extra3}} position{{#extra2}} at {{extra2}}{{/extra2}}. My experience has prepared me well for this role, and I would welcome the chance to contribute to your team.

My background in brief: {{topic}}.{{#extra1}} Alongside that experience, I bring strong skills in {{extra1}}.{{/extra1}}

{{^isShort}}
What I would bring{{#keywordList}}
- {{item}}{{/keywordList}}

{{/isShort}}
{{#isLong}}
I am particularly drawn to {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}your organisation{{/extra2}} because of the way you approach your work and the people you serve. I would bring the same care, curiosity and commitment to results.

{{/isLong}}
{{#extra4}}
{{extra4}}

{{/extra4}}
Thank you for considering my application. I would be glad to discuss how I can help {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}your team{{/extra2}} achieve its goals.

Yours sincerely,
[Your name]`,
      `Dear {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}hiring{{/extra2}} team,

When I saw the opening for {{#extra3}}a {{extra3}}{{/extra3}}{{^extra3}}this role{{/extra3}}, I knew I had to apply. Here is why I believe I am a strong fit.

My experience: {{topic}}.{{#extra1}}
My key skills: {{extra1}}.{{/extra1}}

{{^isShort}}
In every role, I have focused on delivering measurable results, working well with colleagues and learning quickly. I am confident I can do the same for you.

{{/isShort}}
{{#extra4}}
Please note: {{extra4}}

{{/extra4}}
I would love the opportunity to talk about how I can contribute. Thank you for your time and consideration.

Kind regards,
[Your name]`,
    ],
  },
  {
    slug: 'resume-summary',
    title: 'Resume Summary',
    description: 'Write a punchy professional summary for the top of your CV.',
    category: ['Resume'],
    isFree: true,
    fields: [
      keywordsField('Your experience and strengths', 'e.g. 8 years in B2B marketing, demand generation, team lead', 2000),
      extraField('extra1', 'Target job title', 'e.g. Marketing Director', 200),
      extraField('extra2', 'Standout achievement', 'e.g. doubled inbound leads in 12 months', 300),
    ],
    prompt: `Write three alternative professional summaries for the top of a CV, based on: {{keywords}}{{#extra1}}
Target job title: {{extra1}}{{/extra1}}{{#extra2}}
Standout achievement: {{extra2}}{{/extra2}}
Each summary should be 2 to 4 sentences in the implied first person (no "I"), lead with the professional identity, include a measurable achievement, and avoid clichés such as "hard-working team player".`,
    builtin: [
      `{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}Professional{{/extra1}} with a track record in {{topic}}.{{#extra2}} Notable result: {{extra2}}.{{/extra2}} Known for clear communication, reliable delivery and a practical, results-focused approach.`,
      `Results-driven professional bringing experience in {{topic}}.{{#extra2}} Proven impact, including {{extra2}}.{{/extra2}} Seeking {{#extra1}}a {{extra1}} role{{/extra1}}{{^extra1}}a role{{/extra1}} to apply these strengths and keep growing.`,
    ],
  },
  {
    slug: 'resume-bullet-points',
    title: 'Resume Bullet Points',
    description: 'Turn your tasks and results into strong, action-led CV bullet points.',
    category: ['Resume'],
    isFree: true,
    fields: [
      keywordsField('Your tasks and results', 'e.g. managed social accounts, ran ads, grew followers from 2k to 15k', 2000),
      extraField('extra1', 'Job title', 'e.g. Social Media Manager', 200),
      extraField('extra2', 'Company', 'e.g. Northwind Studio', 200),
    ],
    prompt: `Rewrite these tasks and results as CV bullet points: {{keywords}}{{#extra1}}
Job title: {{extra1}}{{/extra1}}{{#extra2}}
Company: {{extra2}}{{/extra2}}
Write 4 to 6 bullets. Start each with a strong past-tense action verb, show the result or impact with numbers where given, keep each to one line, and do not invent figures.`,
    builtin: [
      `{{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}Experience{{/extra1}}{{#extra2}} at {{extra2}}{{/extra2}}
{{#keywordList}}
• {{item}}, contributing to [result: %, € or hours saved]
{{/keywordList}}`,
      `{{#keywordList}}
- {{item}} → [impact in numbers]
{{/keywordList}}
- Worked with colleagues across teams{{#extra2}} at {{extra2}}{{/extra2}} to meet goals on time

Tip: add a number to each bullet (%, €, time saved, people helped) to show impact.`,
    ],
  },
  {
    slug: 'linkedin-headline',
    title: 'LinkedIn Headline',
    description: 'Write a LinkedIn headline that shows who you help and how, within 220 characters.',
    category: ['Resume', 'Social Media'],
    isFree: true,
    fields: [
      keywordsField('Your role and expertise', 'e.g. UX researcher, fintech, accessibility', 500),
      extraField('extra1', 'Who you help', 'e.g. product teams building for older adults', 200),
      extraField('extra2', 'Proof point', 'e.g. 10+ years, ex-Spotify', 200),
    ],
    prompt: `Write 5 LinkedIn headline options for someone whose role and expertise is: {{keywords}}{{#extra1}}
Who they help: {{extra1}}{{/extra1}}{{#extra2}}
Proof point: {{extra2}}{{/extra2}}
Each headline must be under 220 characters, say clearly what the person does and for whom, and include searchable terms recruiters would use.`,
    builtin: [
      `{{Topic}}{{#extra1}} | Helping {{extra1}}{{/extra1}}{{#extra2}} | {{extra2}}{{/extra2}}`,
      `{{#keywordList}}{{item}} · {{/keywordList}}{{#extra1}}I help {{extra1}}{{/extra1}}{{^extra1}}Open to new opportunities{{/extra1}}`,
      `{{Topic}}{{#extra2}} ({{extra2}}){{/extra2}}{{#extra1}}, making work easier for {{extra1}}{{/extra1}}`,
    ],
  },
  {
    slug: 'linkedin-about-section',
    title: 'LinkedIn About Section',
    description: 'Write a LinkedIn About section that tells your professional story in the first person.',
    category: ['Resume', 'Social Media'],
    isFree: false,
    fields: [
      keywordsField('Your experience, skills and achievements', 'e.g. 10 years in logistics, supply chain analytics, cut costs by 12%', 3000),
      extraField('extra1', 'What you are looking for', 'e.g. senior operations roles in climate tech', 300),
      extraField('extra2', 'Something personal', 'e.g. marathon runner, mentor at a coding school', 300),
      toneField(),
      lengthField(),
    ],
    prompt: `Write a LinkedIn About section in the first person based on: {{keywords}}{{#extra1}}
What the person is looking for: {{extra1}}{{/extra1}}{{#extra2}}
A personal detail to include: {{extra2}}{{/extra2}}
Start with a hook line, tell a short professional story, list core skills, mention one or two concrete achievements, and end with an invitation to connect.`,
    builtin: [
      `I help teams make real progress, and I have built my career around it: {{topic}}.

{{^isShort}}
What I bring{{#keywordList}}
▸ {{item}}{{/keywordList}}

{{/isShort}}
{{#isLong}}
What drives me is seeing people and projects grow. I like clear goals, honest feedback and work that makes a measurable difference.

{{/isLong}}
{{#extra2}}
Outside work: {{extra2}}.

{{/extra2}}
{{#extra1}}
Right now I am interested in {{extra1}}. If that sounds like you, let's talk.
{{/extra1}}
{{^extra1}}
Feel free to connect. I am always happy to swap ideas.
{{/extra1}}`,
      `Hi, thanks for stopping by 👋

In short: {{topic}}.

{{^isShort}}
Over the years I have learned that good work comes from curiosity, clear communication and follow-through. That is what I try to bring to every team I join.

{{/isShort}}
{{#extra2}}
When I'm not working, you'll find me {{extra2}}.

{{/extra2}}
{{#extra1}}Currently exploring: {{extra1}}. {{/extra1}}Send me a message if you'd like to connect.`,
    ],
  },
  {
    slug: 'resume-skills-section',
    title: 'Resume Skills Section',
    description: 'Organise your skills into a clean, scannable CV skills section.',
    category: ['Resume'],
    isFree: true,
    fields: [
      keywordsField('Your skills', 'e.g. Python, SQL, Tableau, stakeholder management, Spanish', 1000),
      extraField('extra1', 'Target job title', 'e.g. Data Analyst', 200),
    ],
    prompt: `Organise these skills into a CV skills section: {{keywords}}{{#extra1}}
Target job title: {{extra1}}{{/extra1}}
Group them into sensible categories (for example technical skills, tools, soft skills, languages), order each group by relevance to the target role, and suggest up to three related skills worth adding if the person has them.`,
    builtin: [
      `Skills{{#extra1}} ({{extra1}}){{/extra1}}
{{#keywordList}}
• {{item}}
{{/keywordList}}`,
      `Core skills{{#extra1}} for {{extra1}}{{/extra1}}
{{topic}}

Tip: put the skills named in the job advert first, and back up the most important ones with an example in your experience section.`,
    ],
  },
  {
    slug: 'thank-you-email-after-interview',
    title: 'Thank-You Email After Interview',
    description: 'Send a short, memorable thank-you email after a job interview.',
    category: ['Resume'],
    isFree: true,
    fields: [
      keywordsField('Something you discussed', 'e.g. their plans to expand into Spain and my experience launching in Portugal', 1000),
      extraField('extra1', 'Interviewer name', 'e.g. Ms Costa', 100),
      extraField('extra2', 'Job title', 'e.g. Country Manager', 200),
      extraField('extra3', 'Your name', 'e.g. Jordan Lee', 100),
    ],
    prompt: `Write a thank-you email after a job interview. Something discussed in the interview: {{keywords}}{{#extra1}}
Interviewer: {{extra1}}{{/extra1}}{{#extra2}}
Role: {{extra2}}{{/extra2}}{{#extra3}}
Candidate name: {{extra3}}{{/extra3}}
Keep it under 150 words, thank them for their time, refer to the specific topic discussed, restate interest in the role in one sentence, and close politely.`,
    builtin: [
      `Subject: Thank you{{#extra2}}, {{extra2}} interview{{/extra2}}

Dear {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[Interviewer name]{{/extra1}},

Thank you for taking the time to speak with me today. I especially enjoyed our conversation about {{topic}}.

It confirmed my enthusiasm for the {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}role{{/extra2}} and for the team. Please let me know if I can provide anything else.

Best regards,
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Your name]{{/extra3}}`,
      `Hi {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}there{{/extra1}},

Thanks again for the great conversation. Since we talked, I have been thinking more about {{topic}}, and I am even more excited about the opportunity{{#extra2}} to join as {{extra2}}{{/extra2}}.

I look forward to hearing about the next steps.

Warm wishes,
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Your name]{{/extra3}}`,
    ],
  },
  {
    slug: 'job-application-email',
    title: 'Job Application Email',
    description: 'Write a concise email to send your CV and apply for a job.',
    category: ['Resume'],
    isFree: true,
    fields: [
      keywordsField('Why you are a good fit', 'e.g. 5 years as a barista trainer, love specialty coffee', 1000),
      extraField('extra1', 'Job title', 'e.g. Café Manager', 200),
      extraField('extra2', 'Company name', 'e.g. Corner Café', 200),
      extraField('extra3', 'Your name', 'e.g. Jordan Lee', 100),
    ],
    prompt: `Write a short job application email. Why the applicant is a good fit: {{keywords}}{{#extra1}}
Job title: {{extra1}}{{/extra1}}{{#extra2}}
Company: {{extra2}}{{/extra2}}{{#extra3}}
Applicant name: {{extra3}}{{/extra3}}
Include a clear subject line, mention that the CV is attached, give two reasons they are a strong fit, and ask for an interview. Keep it under 150 words.`,
    builtin: [
      `Subject: Application for {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}the open position{{/extra1}}{{#extra3}}, {{extra3}}{{/extra3}}

Dear Hiring Manager,

I would like to apply for the {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}open{{/extra1}} role{{#extra2}} at {{extra2}}{{/extra2}}. Please find my CV attached.

In short, here is what I bring: {{topic}}.

I would welcome the chance to discuss my application in an interview. Thank you for your time.

Kind regards,
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Your name]{{/extra3}}`,
      `Subject: {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}Job application{{/extra1}}: CV attached

Hello{{#extra2}} {{extra2}} team{{/extra2}},

I am excited to apply for this role. Why I think I'd be a great fit:{{#keywordList}}
- {{item}}{{/keywordList}}

My CV is attached, and I am available for a conversation at your convenience.

Thank you,
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Your name]{{/extra3}}`,
    ],
  },
  {
    slug: 'reference-request-email',
    title: 'Reference Request Email',
    description: 'Ask a former manager or colleague to act as a reference, politely and clearly.',
    category: ['Resume'],
    isFree: true,
    fields: [
      keywordsField('Role you are applying for', 'e.g. Senior Analyst at Acme Bank', 500),
      extraField('extra1', 'Their name', 'e.g. Priya', 100),
      extraField('extra2', 'How you worked together', 'e.g. she managed me at Northwind from 2019 to 2022', 300),
      extraField('extra3', 'Your name', 'e.g. Jordan', 100),
    ],
    prompt: `Write an email asking someone to be a reference for a job application. Role applied for: {{keywords}}{{#extra1}}
Their name: {{extra1}}{{/extra1}}{{#extra2}}
How they worked together: {{extra2}}{{/extra2}}{{#extra3}}
Sender name: {{extra3}}{{/extra3}}
Remind them of the working relationship, explain the role, make it easy to say no, and offer to send the CV and key points they could mention.`,
    builtin: [
      `Subject: Would you be a reference for me?

Hi {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}there{{/extra1}},

I hope you are well! I am applying for {{topic}}, and I would be grateful if you would act as a reference for me{{#extra2}}, since {{extra2}}{{/extra2}}.

If you are happy to, I will send you my CV and a few points about the role so it takes as little of your time as possible. And of course, no worries at all if now isn't a good time.

Thank you so much,
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Your name]{{/extra3}}`,
      `Hello {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[Name]{{/extra1}},

A quick request: I'm in the final stages for {{topic}}, and they have asked for references. You know my work better than most{{#extra2}} ({{extra2}}){{/extra2}}, so I thought of you first.

Would you be willing? I can share the job description and a short summary of what we worked on together.

Many thanks,
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Your name]{{/extra3}}`,
    ],
  },
  {
    slug: 'salary-negotiation-email',
    title: 'Salary Negotiation Email',
    description: 'Respond to a job offer and negotiate salary or terms confidently and politely.',
    category: ['Resume', 'Business'],
    isFree: false,
    fields: [
      keywordsField('The offer you received', 'e.g. Product Manager at Acme, €70,000, start in May', 1000),
      extraField('extra1', 'What you are asking for', 'e.g. €78,000 or a signing bonus', 300),
      extraArea('extra2', 'Why you deserve it', 'e.g. market data, my experience leading a similar launch', 1000),
      extraField('extra3', 'Your name', 'e.g. Jordan Lee', 100),
      toneField(),
    ],
    prompt: `Write an email to negotiate a job offer. The offer received: {{keywords}}{{#extra1}}
What the candidate is asking for: {{extra1}}{{/extra1}}{{#extra2}}
Supporting reasons: {{extra2}}{{/extra2}}{{#extra3}}
Candidate name: {{extra3}}{{/extra3}}
Open with genuine enthusiasm and thanks, make one clear request backed by evidence, stay collaborative rather than demanding, and end by expressing eagerness to finalise.`,
    builtin: [
      `Subject: Re: Offer ({{topic}})

Dear [Name],

Thank you very much for the offer. I am genuinely excited about the role and the team.

Before I accept, I would like to discuss the compensation. {{#extra1}}I would like to ask for {{extra1}}.{{/extra1}}{{^extra1}}Based on my experience and the market for similar roles, I was hoping for a higher figure.{{/extra1}}{{#extra2}} My reasons: {{extra2}}.{{/extra2}}

I am confident we can find something that works for both of us, and I look forward to getting started.

Best regards,
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Your name]{{/extra3}}`,
      `Hi [Name],

Thanks again for the offer: {{topic}}. I'm thrilled at the prospect of joining.

Having reviewed it carefully, I'd like to ask whether there is flexibility on the package.{{#extra1}} Specifically: {{extra1}}.{{/extra1}}
{{#extra2}}

This reflects {{extra2}}.
{{/extra2}}

If we can reach agreement on this, I'm ready to sign. Happy to talk it through on a call.

Thank you,
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Your name]{{/extra3}}`,
    ],
  },
  {
    slug: 'resignation-letter',
    title: 'Resignation Letter',
    description: 'Write a professional resignation letter that leaves a good impression.',
    category: ['Resume', 'HR'],
    isFree: true,
    fields: [
      keywordsField('Your role and company', 'e.g. Designer at Northwind Studio', 500),
      extraField('extra1', 'Last working day', 'e.g. Friday 28 June', 100),
      extraField('extra2', 'Manager name', 'e.g. Priya', 100),
      extraArea('extra3', 'Anything you want to mention', 'e.g. happy to help train my replacement', 500),
      extraField('extra4', 'Your name', 'e.g. Jordan Lee', 100),
    ],
    prompt: `Write a resignation letter for: {{keywords}}{{#extra1}}
Last working day: {{extra1}}{{/extra1}}{{#extra2}}
Addressed to: {{extra2}}{{/extra2}}{{#extra3}}
Also mention: {{extra3}}{{/extra3}}{{#extra4}}
Sign it as: {{extra4}}{{/extra4}}
State the resignation and last day in the first paragraph, thank them sincerely, offer to help with the handover, and keep it brief and positive without giving detailed reasons.`,
    builtin: [
      `Dear {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}[Manager's name]{{/extra2}},

Please accept this letter as formal notice of my resignation from my position ({{topic}}). My last working day will be {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[date]{{/extra1}}.

Thank you for the opportunities, support and trust I have received. I have learned a great deal and I am grateful to have worked with such a good team.

{{#extra3}}
{{extra3}}

{{/extra3}}
I will do everything I can to ensure a smooth handover.

Kind regards,
{{#extra4}}{{extra4}}{{/extra4}}{{^extra4}}[Your name]{{/extra4}}`,
      `Hi {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}[Name]{{/extra2}},

I wanted to let you know that I have decided to resign from my role as {{topic}}. {{#extra1}}My last day will be {{extra1}}.{{/extra1}}{{^extra1}}I will work my full notice period.{{/extra1}}

This was not an easy decision. I have really valued working with you and the team, and I am thankful for everything I have learned.
{{#extra3}}

{{extra3}}
{{/extra3}}

Please let me know how I can best help during the transition.

Best wishes,
{{#extra4}}{{extra4}}{{/extra4}}{{^extra4}}[Your name]{{/extra4}}`,
    ],
  },
];
