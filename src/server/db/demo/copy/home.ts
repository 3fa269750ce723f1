/** The home page: the slider and one top section per home template (spec §2.1), in display order. */
import type { DemoContent } from '../types';

export const sliders: DemoContent['sliders'] = [
  {
    title: 'Micro-banking software built for the field',
    sub_title: 'Meridian CoreMF runs loans, savings and accounts for 4000+ branches',
    description:
      'One platform for branch staff, field officers and head office: member onboarding, loan disbursement and collection, savings, accounting and regulatory reports, online or offline.',
    link_url: '/software-service',
    thumb: '/uploads/slider-1.webp',
    status: 1,
  },
  {
    title: 'Finance that reaches every village',
    sub_title: 'Loan and savings products designed with the families who use them',
    description:
      'Our microfinance programme offers general, agriculture and small-enterprise loans together with flexible savings, delivered by field officers who know their communities.',
    link_url: '/general-loan',
    thumb: '/uploads/slider-2.webp',
    status: 1,
  },
  {
    title: 'Skills for the next generation of IT professionals',
    sub_title: '7000 trained youths and counting',
    description:
      'Hands-on courses in networking, hardware, software development and office systems, with internships at our partner institutions.',
    link_url: '/project-1',
    thumb: '/uploads/slider-3.webp',
    status: 1,
  },
  {
    title: 'Data centres and networks you can rely on',
    sub_title: 'Secure hosting, backups and connectivity for financial institutions',
    description:
      'We design, build and operate data management centres and wide-area networks that keep branches connected around the clock.',
    link_url: '/network-and-infrastructure',
    thumb: '/uploads/slider-4.webp',
    status: 1,
  },
  {
    title: 'Hardware support at your branch door',
    sub_title: 'Regional service hubs for repairs and preventive maintenance',
    description: 'A slide kept for the next campaign: it is inactive, so the home page does not show it.',
    link_url: '/service',
    thumb: '/uploads/slider-5.webp',
    status: 0,
  },
];

export const homeSections: DemoContent['homeSections'] = [
  {
    section: {
      name: 'home-services',
      title: 'What We Do',
      sub_title: 'Software, implementation, training and infrastructure under one roof',
      content:
        '<p>From the first line of code to the last cable in a rural branch, we take care of the technology that microfinance institutions depend on every day. Our teams build the software, roll it out, train the people who use it and keep the hardware and networks underneath it healthy.</p><p>Institutions work with us for a single service or for the whole journey, and many have stayed with us for more than a decade.</p>',
      thumb: '/uploads/section-default.webp',
      link_url: '/services',
      template: 'default',
      sort_order: 1,
    },
    widgets: [
      {
        name: 'service-software',
        title: 'Micro-banking Software',
        sub_title: 'Meridian CoreMF',
        content:
          '<p>A complete core system for microfinance: members, groups, loans, savings, accounting and reports, available on web and mobile.</p>',
        thumb: '/uploads/thumb-software.webp',
        link_url: '/software-service',
      },
      {
        name: 'service-implementation',
        title: 'Implementation & Migration',
        sub_title: 'From legacy ledgers to live branches',
        content:
          '<p>Data migration, configuration, parallel runs and go-live support so that every branch switches over without losing a single transaction.</p>',
        thumb: '/uploads/thumb-implementation.webp',
        link_url: '/implementation',
      },
      {
        name: 'service-training',
        title: 'IT Training',
        sub_title: 'Courses for staff and young people',
        content:
          '<p>Classroom and on-the-job training for branch staff, and certified courses that prepare young people for jobs in information technology.</p>',
        thumb: '/uploads/thumb-training.webp',
        link_url: '/project-1',
      },
      {
        name: 'service-hardware',
        title: 'Hardware Support',
        sub_title: 'Repairs, spares and maintenance',
        content:
          '<p>Regional service hubs repair computers, printers and power equipment and visit branches for scheduled preventive maintenance.</p>',
        thumb: '/uploads/thumb-hardware.webp',
        link_url: '/service',
      },
      {
        name: 'service-network',
        title: 'Network & Infrastructure',
        sub_title: 'Connectivity for every branch',
        content:
          '<p>Wide-area networks, VPNs, radio links and branch LANs designed, installed and monitored by our network operations centre.</p>',
        thumb: '/uploads/thumb-network.webp',
        link_url: '/network-and-infrastructure',
      },
      {
        name: 'service-data-centre',
        title: 'Data Management Centres',
        sub_title: 'Hosting, backup and recovery',
        content:
          '<p>Secure hosting of core systems with daily backups, disaster recovery and round-the-clock monitoring for institutions of every size.</p>',
        thumb: '/uploads/thumb-datacenter.webp',
        link_url: '/specialization',
      },
    ],
  },
  {
    section: {
      name: 'home-about',
      title: 'About Meridian',
      sub_title: '22 years of service to microfinance in Bangladesh',
      content:
        '<p>Meridian Systems &amp; Microfinance was founded in 2002 by a small group of engineers and development workers who believed that good technology could make small loans cheaper, faster and fairer. Today we celebrate 22 years of service to the sector.</p>' +
        '<ul>' +
        '<li>We have set up and operate 426 data management centers for our clients.</li>' +
        '<li>Our software runs in 4000+ branches of 70 institutions across all eight divisions.</li>' +
        '<li>1300+ IT professionals have built their careers with us or through our programmes.</li>' +
        '<li>Our training centres count 7000 trained youths, many now working in banks and software firms.</li>' +
        '<li>A team of 30 hardware staff supports the network and equipment of 5000 branches of 135 institutions.</li>' +
        '</ul>' +
        '<p>Alongside our technology work we run our own microfinance programme, so we understand the daily reality of the field officers and members our software serves.</p>',
      thumb: '/uploads/section-about.webp',
      link_url: '/about',
      template: 'about_us',
      sort_order: 2,
    },
    widgets: [],
  },
  {
    section: {
      name: 'home-goals',
      title: 'Goals & Objectives',
      sub_title: 'What we set out to achieve, and how we measure it',
      content:
        '<p>Our goals have stayed the same for 22 years of service: make financial services reachable for low-income families, make institutions efficient and transparent, and create skilled jobs in technology for young people.</p><p>We track our progress in plain numbers: 426 data management centers, 4000+ branches of 70 institutions on our software, 1300+ IT professionals, 7000 trained youths and 30 hardware staff who look after 5000 branches of 135 institutions.</p>',
      thumb: '/uploads/section-goals.webp',
      link_url: '/mission-vision',
      template: '_goals_obj',
      sort_order: 3,
    },
    widgets: [
      {
        name: 'goal-inclusion',
        title: 'Financial inclusion',
        sub_title: 'Goal 1',
        content: '<p>Bring affordable loans and safe savings within walking distance of every rural household we serve.</p>',
        thumb: '/uploads/thumb-community.webp',
        link_url: '/working-area',
      },
      {
        name: 'goal-efficiency',
        title: 'Efficient, transparent institutions',
        sub_title: 'Goal 2',
        content:
          '<p>Give partner institutions real-time figures, clean audits and lower operating costs through reliable software.</p>',
        thumb: '/uploads/thumb-analytics.webp',
        link_url: '/software-service',
      },
      {
        name: 'goal-skills',
        title: 'Skills and jobs for youth',
        sub_title: 'Goal 3',
        content:
          '<p>Train young women and men in practical IT skills and connect them with employers in the financial sector.</p>',
        thumb: '/uploads/thumb-training.webp',
        link_url: '/project-1',
      },
      {
        name: 'goal-resilience',
        title: 'Resilient infrastructure',
        sub_title: 'Goal 4',
        content:
          '<p>Keep branches online through floods, power cuts and peak seasons with redundant networks and secure data centres.</p>',
        thumb: '/uploads/thumb-security.webp',
        link_url: '/network-and-infrastructure',
      },
    ],
  },
  {
    section: {
      name: 'home-microfinance',
      title: 'Microfinance Programme',
      sub_title: 'Loans and savings designed with the families who use them',
      content:
        '<p>Our own microfinance programme serves farmers, small traders and women entrepreneurs through a network of branches in the north and south-west of the country. Products are simple, repayment schedules follow the rhythm of harvests and markets, and every member has a passbook and a mobile statement.</p>',
      thumb: '/uploads/section-microfinance.webp',
      link_url: '/general-loan',
      template: '_microfinance',
      sort_order: 4,
    },
    widgets: [
      {
        name: 'mf-general-loan',
        title: 'General Loan',
        sub_title: 'For household enterprises',
        content:
          '<p>Working capital from BDT 10,000 to BDT 150,000 for small businesses run from home: tailoring, poultry, grocery and handicrafts. Weekly or monthly instalments over twelve months, with no hidden charges and a grace period after disasters.</p>',
        thumb: '/uploads/thumb-loan.webp',
        link_url: '/general-loan',
      },
      {
        name: 'mf-agriculture-loan',
        title: 'Agriculture Loan',
        sub_title: 'Repay after the harvest',
        content: '<p>Seasonal loans for crops, fisheries and livestock with repayment timed to the harvest.</p>',
        thumb: '/uploads/thumb-agriculture.webp',
        link_url: '/agriculture-loan',
      },
      {
        name: 'mf-sme-loan',
        title: 'SME Loan',
        sub_title: 'Grow a small enterprise',
        content: '<p>Larger loans for shops and workshops that are ready to hire and expand.</p>',
        thumb: '/uploads/thumb-sme.webp',
        link_url: '/sme-loan',
      },
      {
        name: 'mf-savings',
        title: 'Savings Products',
        sub_title: 'Save a little, every week',
        content: '<p>General savings, monthly schemes and fixed deposits with competitive profit rates.</p>',
        thumb: '/uploads/thumb-savings.webp',
        link_url: '/general-savings',
      },
      {
        name: 'mf-mobile',
        title: 'Mobile Statements',
        sub_title: 'Your passbook on your phone',
        content: '<p>Members receive an SMS after every transaction and can check balances on a basic phone.</p>',
        thumb: '/uploads/thumb-mobile.webp',
        link_url: '/software-service',
      },
    ],
  },
  {
    section: {
      name: 'home-activities',
      title: 'Our Activities',
      sub_title: 'Where our teams are working this year',
      content: '<p>A look at the projects, trainings and field work that keep our people busy across the country.</p>',
      thumb: '/uploads/section-activities.webp',
      link_url: '/gallery',
      template: '_activities',
      sort_order: 5,
    },
    widgets: [
      {
        name: 'act-branch-digitisation',
        title: 'Branch digitisation drive',
        sub_title: '312 branches moved to CoreMF this year',
        content:
          '<p>Implementation teams are migrating paper ledgers to Meridian CoreMF for partner institutions in Rangpur and Khulna divisions.</p>',
        thumb: '/uploads/gallery-4.webp',
        link_url: '/project-3',
      },
      {
        name: 'act-youth-training',
        title: 'Youth IT skills batches',
        sub_title: 'Six-month certified courses',
        content:
          '<p>New batches in networking, hardware and web development started in Dhaka, Bogura and Jashore, with 40 % women participants.</p>',
        thumb: '/uploads/gallery-2.webp',
        link_url: '/project-1',
      },
      {
        name: 'act-rural-connectivity',
        title: 'Rural connectivity',
        sub_title: 'Radio links for remote branches',
        content:
          '<p>Point-to-point radio links now connect island and haor branches that have no fibre, keeping transactions in real time.</p>',
        thumb: '/uploads/gallery-7.webp',
        link_url: '/project-2',
      },
      {
        name: 'act-financial-literacy',
        title: 'Financial literacy sessions',
        sub_title: 'Courtyard meetings in 180 villages',
        content:
          '<p>Field officers run short sessions on budgeting, saving and borrowing responsibly for new members and their families.</p>',
        thumb: '/uploads/gallery-5.webp',
        link_url: '/general-savings',
      },
      {
        name: 'act-women-entrepreneurs',
        title: 'Women entrepreneurs',
        sub_title: 'Digital finance for small shops',
        content: '<p>Mentoring, SME loans and simple bookkeeping apps for women who run shops and workshops.</p>',
        thumb: '/uploads/thumb-projects.webp',
        link_url: '/project-4',
      },
      {
        name: 'act-hardware-hubs',
        title: 'Regional hardware hubs',
        sub_title: 'Repairs within 48 hours',
        content: '<p>Service hubs in Rajshahi, Khulna and Sylhet keep spare parts close to the branches they support.</p>',
        thumb: '/uploads/gallery-6.webp',
        link_url: '/service',
      },
      {
        name: 'act-cyber-security',
        title: 'Cyber security readiness',
        sub_title: 'Workshops for partner institutions',
        content: '<p>Practical workshops on passwords, phishing and backups for branch managers and IT officers.</p>',
        thumb: '/uploads/gallery-1.webp',
        link_url: '/specialization',
      },
      {
        name: 'act-support-desk',
        title: 'Support desk',
        sub_title: 'Help in Bangla and English, seven days a week',
        content: '<p>Our help desk answers calls and tickets from branch staff from 8 am to 10 pm every day.</p>',
        thumb: '/uploads/thumb-support.webp',
        link_url: '/contact',
      },
    ],
  },
  {
    section: {
      name: 'home-news',
      title: 'News & Updates',
      sub_title: 'The latest from Meridian',
      content: '<p>Product releases, events and announcements from our teams and partners.</p>',
      thumb: '/uploads/section-news.webp',
      link_url: '/news',
      template: '_news',
      sort_order: 6,
    },
    widgets: [],
  },
];
