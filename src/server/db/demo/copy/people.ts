/** Leadership profiles, career openings and frequently asked questions. */
import type { DemoContent } from '../types';

export const profiles: DemoContent['profiles'] = [
  {
    name: 'Dr. Anisur Rahman Chowdhury',
    title: 'Chairman, Governing Body',
    designation: 'Chairman',
    slug: 'anisur-rahman-chowdhury',
    profile_image: '/uploads/profile-1.webp',
    signature_thumb: '/uploads/signature-1.webp',
    biography_content:
      '<p>Dr. Chowdhury is an economist who spent thirty years in rural finance policy, including six years as a deputy governor of the central bank. He holds a PhD in development economics and has chaired our Governing Body since 2016.</p><p>He also serves on the boards of two foundations that support financial inclusion and girls’ education.</p>',
    spech_content:
      '<p>When we began in 2002 we wanted to prove that technology could make microfinance cheaper, faster and fairer. Twenty-two years later, 4000+ branches of 70 institutions rely on our software and 7000 trained youths have started careers through our training centres.</p><p>The years ahead will ask more of us: members expect to bank on their phones, regulators expect real-time reporting, and a changing climate makes our working areas harder to reach. We will meet these challenges as we always have, by listening to field officers and members first.</p><p>On behalf of the Governing Body, thank you to our staff, partners and members for your trust.</p>',
    social_links: 'https://www.linkedin.com/in/example-anisur',
    sort_order: 1,
    status: 1,
  },
  {
    name: 'Farhana Haque',
    title: 'Managing Director',
    designation: 'Managing Director',
    slug: 'farhana-haque',
    profile_image: '/uploads/profile-2.webp',
    signature_thumb: null,
    biography_content:
      '<p>Farhana Haque joined Meridian in 2005 as an implementation officer and led our implementation programme for a decade before becoming Managing Director in 2015. Under her leadership CoreMF grew from 900 to more than 4000 branches.</p><p>She holds a master’s degree in computer science and is a frequent speaker on digital financial inclusion.</p>',
    spech_content: null,
    social_links: 'https://www.linkedin.com/in/example-farhana',
    sort_order: 2,
    status: 1,
  },
  {
    name: 'Tanvir Ahmed',
    title: 'Chief Technology Officer',
    designation: 'Chief Technology Officer',
    slug: 'tanvir-ahmed',
    profile_image: '/uploads/profile-3.webp',
    signature_thumb: null,
    biography_content:
      '<p>Tanvir Ahmed leads our software, data management centre and network teams. An engineer by training, he designed the offline-first architecture of the CoreMF field app and oversaw the launch of CoreMF 5.</p><p>Before joining Meridian in 2011 he built payment systems for a commercial bank.</p>',
    spech_content: null,
    social_links: 'https://www.linkedin.com/in/example-tanvir',
    sort_order: 3,
    status: 1,
  },
  {
    name: 'Nusrat Jahan',
    title: 'Head of Microfinance Operations',
    designation: 'Head of Microfinance Operations',
    slug: 'nusrat-jahan',
    profile_image: '/uploads/profile-4.webp',
    signature_thumb: null,
    biography_content:
      '<p>Nusrat Jahan manages our own microfinance programme of 96 branches and more than 180,000 members. She started as a field officer in Bogura in 2007 and has worked in every role from branch accountant to regional manager.</p><p>She champions products designed with members, including the agriculture loan calendar and the emergency loan.</p>',
    spech_content: null,
    social_links: null,
    sort_order: 4,
    status: 1,
  },
];

export const careers: DemoContent['careers'] = [
  {
    title: 'Senior Software Engineer (CoreMF)',
    content:
      'Join the team that builds Meridian CoreMF, the micro-banking platform used in more than 4000 branches.\n\nResponsibilities:\n- Design and build features for loans, savings and accounting modules\n- Review code and mentor junior engineers\n- Work with implementation teams to understand field needs\n\nRequirements:\n- Five or more years of experience with TypeScript or Java and relational databases\n- Experience with financial or accounting software is a plus\n- Good written English and Bangla\n\nLocation: Banani head office, Dhaka. Hybrid working available.',
    thumb: '/uploads/thumb-software.webp',
    application_publish_at: '2026-10-01 09:00:00',
    application_start_at: '2026-10-01 09:00:00',
    application_end_at: '2027-01-15 17:00:00',
    status: 1,
  },
  {
    title: 'Network Engineer, Rural Connectivity Project',
    content:
      'Help us connect remote branches on river islands and in the haor wetlands.\n\nResponsibilities:\n- Survey sites and plan point-to-point radio links\n- Install and configure radios, routers and solar power systems\n- Train local technicians and support the network operations centre\n\nRequirements:\n- Diploma or degree in electrical, electronic or computer engineering\n- Two or more years of field experience with wireless networks\n- Willingness to travel, including by boat\n\nLocation: Sylhet hub with regular field travel.',
    thumb: '/uploads/thumb-network.webp',
    application_publish_at: '2026-10-15 09:00:00',
    application_start_at: '2026-10-15 09:00:00',
    application_end_at: '2027-02-28 17:00:00',
    status: 1,
  },
  {
    title: 'IT Trainer, Youth IT Skills Project',
    content:
      'Teach the next generation of IT professionals at our Jashore training centre.\n\nResponsibilities:\n- Deliver courses in hardware, networking and office systems\n- Prepare practical exercises and assessments\n- Support students during their internships\n\nRequirements:\n- Degree in computer science or a related field\n- Industry certification in networking or hardware preferred\n- Patience, clear communication and a love of teaching\n\nLocation: Jashore training centre.',
    thumb: '/uploads/thumb-training.webp',
    application_publish_at: '2026-11-01 09:00:00',
    application_start_at: '2026-11-05 09:00:00',
    application_end_at: '2027-03-31 17:00:00',
    status: 1,
  },
];

export const faqs: DemoContent['faqs'] = [
  {
    faq_title: 'What is Meridian CoreMF?',
    faq_content:
      '<p>Meridian CoreMF is our micro-banking platform. It manages members, groups, loans, savings, accounting and reports for microfinance institutions, with a field app that works offline.</p>',
  },
  {
    faq_title: 'Can CoreMF run in branches with poor internet connections?',
    faq_content:
      '<p>Yes. Branch and field apps keep working offline and synchronise when a connection is available. For remote branches we can also install radio links through our Rural Connectivity Project.</p>',
  },
  {
    faq_title: 'How long does an implementation take?',
    faq_content:
      '<p>A typical roll-out of 100 branches takes four to six months, including a one-month parallel run in pilot branches. Smaller institutions often go live within eight weeks.</p>',
  },
  {
    faq_title: 'Who can apply for the Youth IT Skills courses?',
    faq_content:
      '<p>Anyone aged 18 to 30 who has passed the Higher Secondary Certificate can apply. Scholarships cover the full fee for young women and for students from low-income families.</p><ul><li>Six-month courses</li><li>Four-week internship</li><li>Certificate on completion</li></ul>',
  },
  {
    faq_title: 'How do I apply for a loan from your microfinance programme?',
    faq_content:
      '<p>Visit your nearest Meridian branch or speak to the field officer at your weekly centre meeting with your national ID card and two photographs. Most applications are decided within seven days.</p>',
  },
  {
    faq_title: 'Do you support hardware that you did not supply?',
    faq_content:
      '<p>Yes. Our annual maintenance contracts cover computers, printers, UPS units and solar systems from any major brand, after an initial inspection by our engineers.</p>',
  },
];
