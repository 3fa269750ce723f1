/** The services overview and the five service pages its 'Our Service' block links to (spec §2.1). */
import { card, page, sections } from './build';

export const servicePages = [
  page(
    {
      slug: 'services',
      title: 'Our Services',
      sub_title: 'Everything a microfinance institution needs from technology',
      description:
        'Software, implementation, hardware service, network infrastructure and specialised services for microfinance institutions.',
      thumb: '/uploads/section-default.webp',
      banner_img: '/uploads/slider-4.webp',
      page_template: 'programs',
      content:
        '<p>Institutions come to us for a single service or for a complete technology partnership. Whichever you choose, you get one accountable team, clear service levels and people who understand microfinance.</p>' +
        '<p>All services are available on annual contracts with monthly reporting, and our help desk is open from 8 am to 10 pm, seven days a week.</p>',
    },
    sections([
      {
        name: 'services-how-we-work',
        title: 'How We Work',
        sub_title: 'Four steps from first meeting to steady operation',
        content: '<p>A proven way of working refined over hundreds of projects.</p>',
        widgets: [
          card(
            '1. Assess',
            'Understand your branches',
            '<p>We visit head office and sample branches to map processes, data and infrastructure.</p>',
            '/uploads/thumb-analytics.webp',
          ),
          card(
            '2. Plan',
            'Agree scope and schedule',
            '<p>A written plan with milestones, responsibilities, costs and risks, signed off by both sides.</p>',
            '/uploads/thumb-implementation.webp',
          ),
          card(
            '3. Deliver',
            'Install, migrate, train',
            '<p>Our teams install systems, migrate data and train staff branch by branch.</p>',
            '/uploads/thumb-training.webp',
          ),
          card(
            '4. Support',
            'Stay with you',
            '<p>Help desk, monitoring and preventive maintenance keep everything running after go-live.</p>',
            '/uploads/thumb-support.webp',
            '/service',
          ),
        ],
      },
    ]),
  ),
  page(
    {
      slug: 'software-service',
      title: 'Software Service',
      sub_title: 'Meridian CoreMF micro-banking platform',
      description: 'Meridian CoreMF: a complete micro-banking platform for members, loans, savings, accounting and reports.',
      thumb: '/uploads/thumb-software.webp',
      banner_img: '/uploads/slider-1.webp',
      content:
        '<p>Meridian CoreMF is a complete core system for microfinance institutions. It was designed with field officers and branch accountants and is used every day in 4000+ branches of 70 institutions.</p>' +
        '<h2>Modules</h2><ul><li><strong>Members and groups:</strong> digital onboarding with photo and national ID, group and centre management</li><li><strong>Loans:</strong> flexible products, schedules, disbursement, collection sheets, rescheduling and write-off</li><li><strong>Savings:</strong> general, scheme and fixed deposits with automatic profit posting</li><li><strong>Accounting:</strong> double-entry ledger, day-end and month-end closing, branch consolidation</li><li><strong>Reports:</strong> regulatory reports, portfolio at risk, dashboards for management</li><li><strong>Mobile:</strong> field officer app that works offline and syncs when a signal is found</li></ul>' +
        '<h3>Deployment options</h3><p>Run CoreMF in your own server room, in one of our data management centres, or in a private cloud. Every option includes updates, backups and help-desk support.</p>',
    },
    sections([
      {
        name: 'software-highlights',
        title: 'Why institutions choose CoreMF',
        sub_title: 'Built for the field, trusted by auditors',
        content: '<p>Features our clients value most.</p>',
        widgets: [
          card(
            'Works offline',
            'No signal, no problem',
            '<p>Field officers collect instalments offline; data syncs safely when the phone finds a network.</p>',
            '/uploads/thumb-mobile.webp',
          ),
          card(
            'Audit ready',
            'Every change recorded',
            '<p>Complete audit trail, maker-checker approvals and role-based access for every screen.</p>',
            '/uploads/thumb-security.webp',
          ),
          card(
            'Real-time dashboards',
            'Know your portfolio today',
            '<p>Disbursement, collection and portfolio-at-risk figures for every branch, updated as transactions happen.</p>',
            '/uploads/thumb-analytics.webp',
          ),
        ],
      },
    ]),
  ),
  page({
    slug: 'implementation',
    title: 'Implementation',
    sub_title: 'From legacy ledgers to live branches',
    description: 'Data migration, configuration, training and go-live support for Meridian CoreMF and other systems.',
    thumb: '/uploads/thumb-implementation.webp',
    banner_img: '/uploads/slider-3.webp',
    content:
      '<p>A good system only helps if every branch uses it well. Our implementation teams have moved more than 3000 branches from paper or legacy software to Meridian CoreMF without interrupting service to members.</p>' +
      '<h2>What an implementation includes</h2><ol><li>Process review and product configuration workshops</li><li>Data cleaning and migration with reconciliation reports signed by your finance team</li><li>Pilot branches running in parallel for one full month</li><li>Classroom and on-the-job training for every user role</li><li>Phased roll-out with an implementation officer on site for each go-live</li><li>Hand-over to our help desk with a named account manager</li></ol>' +
      '<p>A typical roll-out of 100 branches takes four to six months.</p>',
  }),
  page({
    slug: 'service',
    title: 'Hardware Service & Support',
    sub_title: 'Repairs, spares and preventive maintenance',
    description: 'Hardware repair, spare parts and preventive maintenance for branch computers, printers and power equipment.',
    thumb: '/uploads/thumb-hardware.webp',
    banner_img: '/uploads/slider-5.webp',
    content:
      '<p>Our 30 hardware staff work from service hubs in Dhaka, Rajshahi, Khulna and Sylhet and support the equipment of 5000 branches of 135 institutions. Most faults are fixed within 48 hours, and spare machines are lent while repairs take longer.</p>' +
      '<h2>Services</h2><ul><li>Annual maintenance contracts for computers, printers, UPS and solar power systems</li><li>Preventive maintenance visits twice a year for every branch</li><li>Repair at our hubs with collection and delivery</li><li>Procurement and installation of tested equipment</li><li>Safe disposal and data wiping of old hardware</li></ul>',
  }),
  page({
    slug: 'network-and-infrastructure',
    title: 'Network & Infrastructure',
    sub_title: 'Connectivity and hosting for every branch',
    description: 'Wide-area networks, VPNs, radio links, branch LANs and data management centres for financial institutions.',
    thumb: '/uploads/thumb-network.webp',
    banner_img: '/uploads/slider-4.webp',
    content:
      '<p>We design, install and operate the networks that connect branches to their core systems, and the data management centres that host those systems. We have set up 426 data management centers for clients of every size.</p>' +
      '<h2>Network services</h2><ul><li>Branch LAN design and structured cabling</li><li>Site-to-site VPNs over broadband and mobile data with automatic failover</li><li>Point-to-point radio links for char, haor and hill branches</li><li>Monitoring by our network operations centre around the clock</li></ul>' +
      '<h2>Data management centres</h2><ul><li>Tier-rated facilities with redundant power and cooling</li><li>Daily encrypted backups and tested disaster recovery</li><li>Hosting for core banking, email and document systems</li></ul>',
  }),
  page({
    slug: 'specialization',
    title: 'Specialization',
    sub_title: 'Services that need deep expertise',
    description:
      'Cyber security, data analytics, regulatory reporting and digital finance integration for microfinance institutions.',
    thumb: '/uploads/thumb-security.webp',
    content:
      '<p>Beyond our core services we offer specialised work that draws on two decades in the sector.</p>' +
      '<ul><li><strong>Cyber security:</strong> security assessments, policies, staff awareness workshops and incident response</li><li><strong>Data analytics:</strong> portfolio analysis, credit scoring and dashboards for boards and funders</li><li><strong>Regulatory reporting:</strong> automated returns to the regulator in the required formats</li><li><strong>Digital finance integration:</strong> links between CoreMF and mobile financial services, banks and payment gateways</li><li><strong>Data management centres:</strong> design and certification support for institutions building their own</li></ul>',
  }),
];
