import type { PresetDefinition } from '../../../shared/presets/preset-types.js';
import { extraArea, extraField, hostedToneField, keywordsField, lengthField, toneField } from './fields.js';

/** Tone as the hosted service defines it for its resume presets: an optional line of up to 1000 characters. */
export const resumePresets: PresetDefinition[] = [
  {
    slug: 'cover-letter-generator',
    title: 'Cover Letter Generator',
    description: 'Write a tailored cover letter that connects your experience to the job and company.',
    category: ['Resume', 'HR'],
    isFree: false,
    fields: [
      keywordsField(
        'Your experience and achievements',
        'e.g. 6 years in customer success, grew retention by 18%, led a team of 5',
        3000,
      ),
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
      keywordsField(
        'Your experience and strengths',
        'e.g. 8 years in B2B marketing, demand generation, team lead',
        2000,
      ),
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
      keywordsField(
        'Your tasks and results',
        'e.g. managed social accounts, ran ads, grew followers from 2k to 15k',
        2000,
      ),
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
    slug: 'linkedin-headline-generator',
    aliases: ['linkedin-headline'],
    title: 'LinkedIn Headline Generator',
    description: 'Write a LinkedIn headline that shows who you are and what you do, within 220 characters.',
    category: ['Resume', 'Social Media'],
    isFree: true,
    fields: [
      keywordsField('Job role and skills', 'e.g. web developer, php, javascript', 1000),
      hostedToneField(),
      extraField('extra1', 'Who you help', 'e.g. small businesses that sell online', 200),
      extraField('extra2', 'Proof point', 'e.g. 10+ years, ex-Spotify', 200),
    ],
    prompt: `Write 5 LinkedIn headline options for someone whose job role and skills are: {{keywords}}{{#extra1}}
Who they help: {{extra1}}{{/extra1}}{{#extra2}}
Proof point: {{extra2}}{{/extra2}}
Each headline must be under 220 characters, say clearly what the person does{{#extra1}} and for whom{{/extra1}}, lead with the role, and include searchable skills recruiters would use. Vary the structure between options and avoid buzzwords such as "guru" or "ninja".`,
    builtin: [
      `{{Topic}} | {{#extra1}}Helping {{extra1}}{{/extra1}}{{^extra1}}Turning ideas into reliable, well-crafted results{{/extra1}}{{#extra2}} | {{extra2}}{{/extra2}}`,
      `{{#keywordList}}{{item}} · {{/keywordList}}{{#extra1}}I help {{extra1}}{{/extra1}}{{^extra1}}Open to new opportunities and collaborations{{/extra1}}`,
      `{{Topic}}{{#extra2}} ({{extra2}}){{/extra2}}{{#extra1}}, making work easier for {{extra1}}{{/extra1}}{{^extra1}}: curious, dependable and focused on impact{{/extra1}}`,
    ],
  },
  {
    slug: 'linkedin-bio-generator',
    aliases: ['linkedin-about-section'],
    title: 'LinkedIn Bio Generator',
    description: 'Write a LinkedIn About section that tells your professional story in the first person.',
    category: ['Resume', 'Social Media'],
    isFree: false,
    fields: [
      keywordsField(
        'Personal information',
        'e.g. Software engineer with 5 years of experience in web development',
        1000,
      ),
      extraField('extra1', 'What you are looking for', 'e.g. senior frontend roles in climate tech', 300),
      extraField('extra2', 'Something personal', 'e.g. marathon runner, mentor at a coding school', 300),
      toneField(),
      lengthField(),
    ],
    prompt: `Write a LinkedIn About section in the first person for this person: {{keywords}}{{#extra1}}
What they are looking for: {{extra1}}{{/extra1}}{{#extra2}}
A personal detail to include: {{extra2}}{{/extra2}}
Start with a hook line, tell a short professional story, name the core skills, mention one or two concrete achievements only if they are given, and end with an invitation to connect. Do not invent employers, figures or qualifications.`,
    builtin: [
      `{{keywords}}

{{^isShort}}
I have built my career on curiosity, clear communication and follow-through. I like clear goals, honest feedback and work that makes a measurable difference for the people who use it.

{{/isShort}}
{{#isLong}}
What colleagues can count on
▸ Ownership, from the first idea to the finished result
▸ A calm, practical approach when things get complicated
▸ Generosity with knowledge and time

{{/isLong}}
{{#extra2}}
Outside work: {{extra2}}

{{/extra2}}
{{#extra1}}
Right now I am interested in {{extra1}}. If that sounds like you, let's talk.
{{/extra1}}
{{^extra1}}
Feel free to connect. I am always happy to swap ideas.
{{/extra1}}`,
      `Hi, thanks for stopping by 👋

A little about me: {{keywords}}

{{^isShort}}
Over the years I have learned that good work comes from asking good questions, listening carefully and following through. That is what I try to bring to every team I join.

{{/isShort}}
{{#isLong}}
I am at my best when a problem is messy and the goal is clear. I enjoy turning complexity into something simple that people actually use, and I share what I learn along the way.

{{/isLong}}
{{#extra2}}
When I'm not working: {{extra2}}

{{/extra2}}
{{#extra1}}
Currently exploring: {{extra1}}

{{/extra1}}
Send me a message if you'd like to connect.`,
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
      keywordsField(
        'Something you discussed',
        'e.g. their plans to expand into Spain and my experience launching in Portugal',
        1000,
      ),
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
  {
    slug: 'resume-headline-generator',
    title: 'Resume Headline Generator',
    description: 'Write a one-line resume headline that sells your role and strongest skills.',
    category: ['Resume'],
    isFree: true,
    fields: [
      keywordsField('Job role and skills', 'e.g. web developer, php, javascript', 1000),
      hostedToneField(),
      extraField('extra1', 'Years of experience', 'e.g. 6+ years', 100),
      extraField('extra2', 'Standout achievement or credential', 'e.g. AWS certified, cut page load times by 40%', 300),
    ],
    prompt: `Write 5 resume headline options for a candidate whose job role and skills are: {{keywords}}{{#extra1}}
Experience: {{extra1}}{{/extra1}}{{#extra2}}
Standout achievement or credential: {{extra2}}{{/extra2}}
Each headline is a single line of 6 to 15 words that sits under the candidate's name on a CV. Combine the role with the strongest skills{{#extra2}} and the proof point{{/extra2}}, use terms a recruiter would search for, and avoid clichés such as "hard-working team player".`,
    builtin: [
      `{{Topic}}{{#extra1}} with {{extra1}} of experience{{/extra1}} | Delivering quality work that moves the business forward{{#extra2}} | {{extra2}}{{/extra2}}`,
      `{{#keywordList}}{{item}} · {{/keywordList}}{{#extra1}}{{extra1}} · {{/extra1}}Known for reliable delivery and clear communication{{#extra2}} ({{extra2}}){{/extra2}}`,
      `{{#extra2}}{{extra2}}: {{/extra2}}{{Topic}}, ready to make an impact from day one{{#extra1}}, backed by {{extra1}} of hands-on experience{{/extra1}}`,
    ],
  },
  {
    slug: 'resume-objective-generator',
    title: 'Resume Objective Generator',
    description: 'Write a focused resume objective that ties your skills and goals to the job you want.',
    category: ['Resume'],
    isFree: true,
    fields: [
      keywordsField('Job title', 'e.g. Customer Service Agent', 1000, { type: 'text' }),
      extraArea('extra1', 'Key skills', 'e.g. trained in conflict resolution and communication', 1000),
      extraArea('extra2', 'Professional goals', 'e.g. increase sales and customer loyalty', 1000),
      extraField('extra3', 'Company you are applying to', 'e.g. Northwind Studio', 200),
    ],
    prompt: `Write three alternative resume objectives for a candidate applying for the position: {{keywords}}{{#extra3}}
Company: {{extra3}}{{/extra3}}{{#extra1}}
Key skills: {{extra1}}{{/extra1}}{{#extra2}}
Professional goals: {{extra2}}{{/extra2}}
Each objective is 2 to 3 sentences in the implied first person (no "I"). Name the target role, the most relevant skills and what the candidate aims to contribute to the employer, and avoid clichés and vague claims.`,
    builtin: [
      `Motivated professional seeking the {{topic}} position{{#extra3}} at {{extra3}}{{/extra3}}.{{#extra1}} Key strengths: {{extra1}}.{{/extra1}} Aims to {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}contribute from day one, keep learning and deliver measurable results{{/extra2}}.`,
      `{{Topic}} candidate{{#extra1}} ({{extra1}}){{/extra1}} looking to bring energy, reliability and a results-focused mindset to {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}a growing team{{/extra3}}.{{#extra2}} Goal: {{extra2}}.{{/extra2}}{{^extra2}} Ready to take on responsibility quickly and grow with the role.{{/extra2}}`,
      `Objective: to join {{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}a forward-thinking organisation{{/extra3}} in the role of {{topic}} and {{#extra2}}{{extra2}}{{/extra2}}{{^extra2}}make a measurable contribution within the first months{{/extra2}}.{{#extra1}} Relevant strengths: {{extra1}}.{{/extra1}}`,
    ],
  },
  {
    slug: 'linkedin-recommendation-generator',
    title: 'LinkedIn Recommendation Generator',
    description: 'Write a specific, credible LinkedIn recommendation for a colleague, employee or partner.',
    category: ['Resume', 'Social Media'],
    isFree: true,
    fields: [
      keywordsField('Name of the person', 'e.g. Peter Parker', 1000, { type: 'text' }),
      extraField('extra3', 'Their job title', 'e.g. Web Developer', 1000),
      extraField('extra1', 'Company name', 'e.g. Google', 1000),
      extraField('extra2', 'Your relationship to them', 'e.g. Colleague', 1000),
      extraArea(
        'extra4',
        'What to include',
        'e.g. Successful in managing projects and implementing new technologies',
        500,
      ),
      toneField('e.g. warm, professional'),
    ],
    prompt: `Write a LinkedIn recommendation for {{keywords}}{{#extra3}} ({{extra3}}{{#extra1}} at {{extra1}}{{/extra1}}){{/extra3}}{{^extra3}}{{#extra1}} of {{extra1}}{{/extra1}}{{/extra3}}.{{#extra2}}
The writer's relationship to them: {{extra2}}{{/extra2}}{{#extra4}}
Points to include: {{extra4}}{{/extra4}}
Write in the first person as the recommender. Open with how the writer knows them, highlight two or three specific strengths with concrete examples, describe the impact of their work and what they are like to work with, and end with a clear endorsement. Keep it under 200 words and do not invent facts beyond the points given.`,
    builtin: [
      `I have had the pleasure of working with {{topic}}{{#extra1}} at {{extra1}}{{/extra1}}{{#extra2}} as their {{extra2}}{{/extra2}}, and I recommend them without hesitation.

{{#extra3}}As {{extra3}}, {{topic}}{{/extra3}}{{^extra3}}{{Topic}}{{/extra3}} consistently combines strong skills with sound judgement and a genuine commitment to the team.
{{#extra4}}

What stands out most: {{extra4}}
{{/extra4}}

{{Topic}} is the kind of person who makes everyone around them better: reliable under pressure, open to feedback and generous with their time and knowledge. Any team would be lucky to have them.`,
      `It is a pleasure to recommend {{topic}}{{#extra3}}, {{extra3}}{{/extra3}}{{#extra1}} at {{extra1}}{{/extra1}}.

{{#extra2}}
Working with {{topic}} as their {{extra2}}, I saw first-hand how much they care about doing things properly.
{{/extra2}}
{{^extra2}}
Having worked closely with {{topic}}, I saw first-hand how much they care about doing things properly.
{{/extra2}}
{{#extra4}}
In particular: {{extra4}}
{{/extra4}}
{{^extra4}}
They take ownership, communicate clearly and deliver what they promise.
{{/extra4}}

Beyond the results, {{topic}} is simply great to work with: positive, curious and always ready to help a colleague. I would gladly work with them again.`,
    ],
  },
  {
    slug: 'about-me-generator',
    title: 'About Me Generator',
    description: 'Write a friendly About Me section for your website, portfolio or profile.',
    category: ['Resume', 'Content', 'Social Media'],
    isFree: true,
    fields: [
      keywordsField(
        'Personal information',
        'e.g. Freelance photographer in Lyon, 8 years of weddings and portraits, loves natural light',
        1000,
      ),
      extraField('extra1', 'Where it will appear', 'e.g. portfolio website', 200),
      extraField('extra2', 'A personal touch', 'e.g. I drink far too much coffee and foster rescue cats', 300),
      toneField('e.g. friendly, professional, playful'),
      lengthField('Short'),
    ],
    prompt: `Write an About Me section based on this personal information: {{keywords}}{{#extra1}}
Where it will appear: {{extra1}}{{/extra1}}{{#extra2}}
A personal touch to include: {{extra2}}{{/extra2}}
Write in the first person. Open with who the person is and what they do, explain what they care about and what makes their approach different, add the personal touch, and end with a friendly line that invites the reader to get in touch. Do not invent facts that are not given.`,
    builtin: [
      `About me

{{keywords}}

{{^isShort}}
What matters most to me is doing work I am proud of, for people I enjoy working with. I listen first, keep things simple and always go the extra step to get the details right.

{{/isShort}}
{{#extra2}}
A little more about me: {{extra2}}

{{/extra2}}
{{#isLong}}
If you have read this far, we would probably get along. I love hearing about new ideas and projects, big or small.

{{/isLong}}
{{#extra1}}Thanks for visiting my {{extra1}}. {{/extra1}}Feel free to get in touch: I would love to hear from you.`,
      `Hi, I'm glad you're here!

In a nutshell: {{keywords}}

{{^isShort}}
I believe the best results come from curiosity, honesty and a bit of fun along the way, so that is exactly how I work.

{{/isShort}}
{{#extra2}}
Fun fact: {{extra2}}

{{/extra2}}
{{#extra1}}
Have a look around this {{extra1}}, and say hello if something catches your eye.
{{/extra1}}
{{^extra1}}
Say hello any time. I always enjoy meeting new people.
{{/extra1}}`,
    ],
  },
  {
    slug: 'job-offer-decline-email',
    title: 'Job Offer Decline Email',
    description: 'Turn down a job offer politely while keeping the relationship warm.',
    category: ['Resume'],
    isFree: true,
    fields: [
      keywordsField('Role and company', 'e.g. Product Designer at Acme', 500),
      extraField('extra1', 'Hiring manager name', 'e.g. Ms Costa', 100),
      extraField('extra2', 'Reason to share', 'e.g. I have accepted a role closer to home', 300),
      extraField('extra3', 'Your name', 'e.g. Jordan Lee', 100),
    ],
    prompt: `Write an email declining a job offer for: {{keywords}}{{#extra1}}
Addressed to: {{extra1}}{{/extra1}}{{#extra2}}
Reason to share: {{extra2}}{{/extra2}}{{#extra3}}
Sender: {{extra3}}{{/extra3}}
Thank them sincerely for the offer and their time, decline clearly in the first paragraph, give a brief reason only if one is provided, and leave the door open for the future. Keep it under 150 words.`,
    builtin: [
      `Subject: Your offer: {{topic}}

Dear {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[Hiring manager's name]{{/extra1}},

Thank you very much for offering me the position of {{topic}}. After careful consideration, I have decided not to accept it.{{#extra2}} {{extra2}}.{{/extra2}}

This was not an easy decision. I enjoyed meeting the team and learning about your plans, and I truly appreciate the time you invested in me.

I hope our paths cross again, and I wish you and the team every success.

Kind regards,
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Your name]{{/extra3}}`,
      `Hi {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[Name]{{/extra1}},

Thank you again for the offer ({{topic}}) and for such a positive process. I am writing to let you know that I will not be accepting the role.
{{#extra2}}

The main reason: {{extra2}}
{{/extra2}}

I have a lot of respect for what you are building, and I would be glad to stay in touch. Please pass on my thanks to everyone I met.

Best wishes,
{{#extra3}}{{extra3}}{{/extra3}}{{^extra3}}[Your name]{{/extra3}}`,
    ],
  },
  {
    slug: 'tell-me-about-yourself',
    title: 'Tell Me About Yourself Answer',
    description: 'Prepare a confident answer to the interview question "Tell me about yourself".',
    category: ['Resume'],
    isFree: false,
    fields: [
      keywordsField(
        'Your background and strengths',
        'e.g. 5 years in retail management, cut staff turnover by 20%, now moving into HR',
        1000,
      ),
      extraField('extra1', 'Job you are interviewing for', 'e.g. HR Business Partner at Northwind', 200),
      extraField('extra2', 'Why this role or company', 'e.g. their focus on employee development', 300),
      lengthField('Short'),
    ],
    prompt: `Write a spoken answer to the interview question "Tell me about yourself" for a candidate with this background: {{keywords}}{{#extra1}}
Role they are interviewing for: {{extra1}}{{/extra1}}{{#extra2}}
Why they want this role: {{extra2}}{{/extra2}}
Use a present, past, future structure: who they are now, one or two relevant highlights from their past, and why this role is the logical next step. Keep it natural to say aloud, focused on the job, free of personal details the interviewer does not need, and do not invent achievements.`,
    builtin: [
      `"Sure. In short: {{keywords}}

{{^isShort}}
Looking back, the moments I am proudest of are the ones where I solved a real problem for the people around me, and that is what I want to keep doing.

{{/isShort}}
{{#extra1}}That is why the {{extra1}} role caught my attention{{/extra1}}{{^extra1}}That is why this role caught my attention{{/extra1}}{{#extra2}}: {{extra2}}{{/extra2}}. It feels like the natural next step, and I am excited to bring my experience to your team."

Tip: practise it aloud until it takes about {{#isShort}}one minute{{/isShort}}{{^isShort}}ninety seconds{{/isShort}}, and end by handing the conversation back to the interviewer.`,
      `Present: who I am today
{{Topic}}

{{^isShort}}
Past: what got me here
The experience behind this taught me to listen carefully, take ownership and deliver results that others can rely on.

{{/isShort}}
Future: why this role
{{#extra1}}I am interviewing for {{extra1}} because {{/extra1}}{{^extra1}}I am applying for this role because {{/extra1}}{{#extra2}}of {{extra2}}, and {{/extra2}}it builds directly on what I do best.

{{#isLong}}
Delivery notes
- Keep it under two minutes and stay on professional topics.
- Pick one highlight with a number or result you can expand on if asked.
- Finish with a question, such as "What does success look like in this role?"
{{/isLong}}`,
    ],
  },
  {
    slug: 'employment-gap-explanation',
    title: 'Employment Gap Explanation',
    description: 'Explain a gap in your CV honestly and positively for a cover letter or interview.',
    category: ['Resume'],
    isFree: false,
    fields: [
      keywordsField(
        'What you did during the gap',
        'e.g. 18 months caring for a parent, completed a UX design course',
        1000,
      ),
      extraField('extra1', 'Dates of the gap', 'e.g. March 2022 to September 2023', 100),
      extraField('extra2', 'Role you are applying for', 'e.g. UX Designer', 200),
    ],
    prompt: `Explain a gap in a candidate's employment history. What they did during the gap: {{keywords}}{{#extra1}}
Dates: {{extra1}}{{/extra1}}{{#extra2}}
Role they are applying for: {{extra2}}{{/extra2}}
Write three versions: a one-line note for the CV, two or three sentences for a cover letter, and a short spoken answer for an interview. Be honest and brief, share no more personal detail than needed, highlight any skills or learning gained, and end each version by pointing forward to the new role.`,
    builtin: [
      `CV note
Career break{{#extra1}} ({{extra1}}){{/extra1}}: {{keywords}}

Cover letter
{{#extra1}}From {{extra1}}, I{{/extra1}}{{^extra1}}I{{/extra1}} took a planned career break from paid work. What I did in that time: {{keywords}}
I am now fully ready to return{{#extra2}} and excited to bring renewed focus to the {{extra2}} role{{/extra2}}.

Interview answer
"I took a deliberate break, and I used it well. In short: {{topic}}. It gave me perspective and skills I still use, and I am now ready and eager to bring all of that to {{#extra2}}the {{extra2}} role{{/extra2}}{{^extra2}}my next role{{/extra2}}."`,
      `How to talk about your career break

Keep it short and factual
"{{Topic}}{{#extra1}} ({{extra1}}){{/extra1}}."

Show what you gained
Name one skill or insight from that time, for example organisation, resilience or a course you completed.

Point forward
"That chapter is closed, and I am fully focused on {{#extra2}}the {{extra2}} role{{/extra2}}{{^extra2}}my next role{{/extra2}}. Here is what I can bring to it."

Tip: employers care far less about a gap than about how confidently you explain it.`,
    ],
  },
  {
    slug: 'informational-interview-request',
    title: 'Informational Interview Request',
    description: 'Ask a professional for a short career conversation without coming across as pushy.',
    category: ['Resume', 'Business'],
    isFree: true,
    fields: [
      keywordsField(
        'Who you are and what you want to learn',
        'e.g. marketing graduate curious about how product marketing teams work',
        1000,
      ),
      extraField('extra1', 'Their name', 'e.g. Priya', 100),
      extraField('extra2', 'Their role and company', 'e.g. Head of Product Marketing at Northwind', 200),
      extraField('extra3', 'How you found them', 'e.g. your talk at Web Summit', 300),
    ],
    prompt: `Write a short message asking a professional for an informational interview. About the sender and what they want to learn: {{keywords}}{{#extra1}}
Recipient: {{extra1}}{{/extra1}}{{#extra2}}
Recipient's role and company: {{extra2}}{{/extra2}}{{#extra3}}
How the sender found them: {{extra3}}{{/extra3}}
Keep it under 120 words, make it personal and specific, ask for a 15 to 20 minute call at their convenience, make clear the sender is not asking for a job, and make it easy to say no.`,
    builtin: [
      `Subject: A quick question about your work{{#extra2}} as {{extra2}}{{/extra2}}

Hi {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}[Name]{{/extra1}},

{{#extra3}}I came across you through {{extra3}}, and I would love to learn from your experience.{{/extra3}}{{^extra3}}I have been following your work and would love to learn from your experience.{{/extra3}}

A little about me: {{keywords}}

Would you be open to a 15-minute call in the coming weeks, at whatever time suits you? I am not looking for a job, just your perspective. And if you are too busy, no problem at all.

Thank you,
[Your name]`,
      `Hi {{#extra1}}{{extra1}}{{/extra1}}{{^extra1}}there{{/extra1}},

I hope you don't mind the message. A little context about me:
{{keywords}}

Your path{{#extra2}} to {{extra2}}{{/extra2}} is exactly the kind I would like to understand better.{{#extra3}} I found you through {{extra3}} and hoped you might be open to a short conversation.{{/extra3}}

Could I ask you three or four questions over a short call or coffee? Twenty minutes at most, entirely on your schedule.

Many thanks for considering it,
[Your name]`,
    ],
  },
];
