/** News categories and their posts. The last post of News is a draft (status 0). */
import type { DemoContent } from '../types';

type Post = DemoContent['categories'][number]['posts'][number];

const post = (
  slug: string,
  title: string,
  sub_title: string,
  thumb: string,
  tags: string,
  paragraphs: string[],
  status = 1,
): Post => ({
  title,
  sub_title,
  slug,
  content: paragraphs.map((p) => (p.startsWith('<') ? p : `<p>${p}</p>`)).join(''),
  thumb,
  tags,
  meta_title: title,
  meta_description: sub_title,
  meta_keywords: tags,
  status,
});

export const categories: DemoContent['categories'] = [
  {
    category: {
      name: 'News',
      description: 'Product releases, project updates and stories from the field.',
      thumb: '/uploads/section-news.webp',
      metaKey: 'news, updates, microfinance technology',
      metaDescription: 'News and updates from Meridian Systems & Microfinance.',
      sort_order: 1,
    },
    posts: [
      post(
        'coremf-5-brings-mobile-agent-banking',
        'CoreMF 5 brings mobile agent banking to rural members',
        'The new release lets trained agents open accounts and take deposits in villages without a branch.',
        '/uploads/post-1.webp',
        'CoreMF, mobile banking, release',
        [
          'We have released Meridian CoreMF 5, the biggest update to our micro-banking platform in five years. Its headline feature is mobile agent banking: trained local agents can now open savings accounts, record deposits and collect loan instalments with an Android phone, even where there is no branch within walking distance.',
          'Agents work offline and sync when they find a signal. Every transaction is confirmed to the member by SMS within minutes of syncing, and branch managers see agent activity on a live dashboard.',
          '<h2>What else is new</h2><ul><li>Digital onboarding with national ID verification</li><li>Faster day-end closing for large branches</li><li>New portfolio-at-risk reports for boards and funders</li></ul>',
          'Existing clients on annual support contracts receive CoreMF 5 at no extra cost. Our implementation teams will contact each institution to plan the upgrade.',
        ],
      ),
      post(
        'youth-it-skills-batch-graduates',
        'Youth IT skills batch graduates in Bogura',
        '86 young people complete six-month courses in networking, hardware and web development.',
        '/uploads/post-2.webp',
        'training, youth, skills',
        [
          'Eighty-six young women and men received their certificates at our Bogura training centre this month, bringing the total number of graduates of our Youth IT Skills Project to more than 7000.',
          'The batch studied computer hardware, networking and web development for six months, followed by a four-week internship at a partner institution. Forty-one graduates already have job offers, most of them from microfinance institutions and local software firms.',
          '“I had never opened a computer before,” said Sharmin Akter, who now maintains the network of a cooperative bank in Sirajganj. “Now I am the person the branch calls when something breaks.”',
          'Applications for the next batch open in January. Scholarships cover the full fee for young women and students from low-income families.',
        ],
      ),
      post(
        'new-data-management-centre-gazipur',
        'New data management centre opens in Gazipur',
        'A second site doubles our hosting capacity and gives every client a disaster recovery copy.',
        '/uploads/post-3.webp',
        'data centre, infrastructure, hosting',
        [
          'Our new data management centre in Gazipur is now live. Built with redundant power, cooling and connectivity, it doubles the hosting capacity we offer to partner institutions.',
          'The site also serves as a disaster recovery location for our Dhaka facility. Every hosted client now has a continuously updated copy of its data more than 30 kilometres away, and recovery is tested every quarter.',
          'The centre runs partly on rooftop solar power, a first step towards our goal of renewable energy for all our facilities.',
        ],
      ),
      post(
        'partnership-to-digitise-312-branches',
        'Partnership to digitise 312 branches of small MFIs',
        'Smaller institutions in Rangpur and Khulna divisions move from paper ledgers to CoreMF.',
        '/uploads/post-4.webp',
        'partnership, digitisation, CoreMF',
        [
          'Twelve small microfinance institutions have joined our Digital Branch Transformation project, which will bring 312 branches from paper ledgers onto Meridian CoreMF this year.',
          'The project shares the cost of software, hardware, connectivity and training between the institutions, our development partners and Meridian. Each branch gets two computers, a printer, solar back-up power and a connection to our network.',
          'Early results are encouraging: pilot branches now produce their monthly reports in one day instead of three weeks, and members receive SMS receipts for every instalment.',
        ],
      ),
      post(
        'digital-kyc-pilot',
        'Digital KYC pilot with national ID verification',
        'A draft announcement that is not yet published.',
        '/uploads/post-9.webp',
        'KYC, onboarding, draft',
        [
          'We are piloting digital know-your-customer checks that verify a new member’s national ID in seconds. This announcement is a draft and waits for the pilot results before it is published.',
        ],
        0,
      ),
    ],
    children: [
      {
        category: {
          name: 'Press Releases',
          description: 'Official announcements and statements.',
          thumb: '/uploads/post-6.webp',
          metaKey: 'press release, announcement',
          metaDescription: 'Official announcements from Meridian Systems & Microfinance.',
          sort_order: 1,
        },
        posts: [
          post(
            'hardware-service-hubs-open-rajshahi-khulna',
            'Hardware service hubs open in Rajshahi and Khulna',
            'Faster repairs for branches in the north and south-west.',
            '/uploads/post-6.webp',
            'press release, hardware, service',
            [
              'Dhaka, Bangladesh: Meridian Systems & Microfinance today opened hardware service hubs in Rajshahi and Khulna. The hubs bring repair benches, spare parts and field engineers within a few hours of more than 1,800 client branches.',
              'With the new hubs, our 30 hardware staff now support the equipment of 5000 branches of 135 institutions from four locations. Target repair time drops from four days to 48 hours.',
              'Each hub also hosts short maintenance courses for branch staff, so simple faults can be fixed on site.',
            ],
          ),
          post(
            'agriculture-loan-module-released',
            'Agriculture loan module released for partner MFIs',
            'Crop-calendar repayment schedules are now built into CoreMF.',
            '/uploads/post-7.webp',
            'press release, agriculture, CoreMF',
            [
              'Dhaka, Bangladesh: Meridian today released an agriculture loan module for Meridian CoreMF. Institutions can now define repayment schedules that follow local crop calendars, with single or staggered repayments after harvest.',
              'The module was developed with our own microfinance programme, where agriculture loans have been offered for more than ten years, and tested with three partner institutions during the last boro season.',
              'The module is included in CoreMF 5 and available to all clients on support contracts.',
            ],
          ),
        ],
        children: [],
      },
    ],
  },
  {
    category: {
      name: 'Events',
      description: 'Conferences, workshops, award ceremonies and community events.',
      thumb: '/uploads/thumb-award.webp',
      metaKey: 'events, conference, workshop',
      metaDescription: 'Events organised or attended by Meridian Systems & Microfinance.',
      sort_order: 2,
    },
    posts: [
      post(
        'microfinance-technology-summit-2024',
        'Microfinance Technology Summit 2024',
        'Three hundred leaders from 70 institutions meet in Dhaka to discuss the digital future of the sector.',
        '/uploads/post-5.webp',
        'event, summit, microfinance',
        [
          'More than 300 chief executives, IT managers and regulators from 70 institutions came together in Dhaka for the Microfinance Technology Summit 2024, hosted by Meridian.',
          'Sessions covered mobile agent banking, cyber security, data-driven credit decisions and the role of technology in climate resilience. A panel of field officers gave the audience a frank view of what works in villages and what does not.',
          '<h2>Key takeaways</h2><ul><li>Offline-first design remains essential outside the cities</li><li>Cyber security must be everyone’s job, not only IT’s</li><li>Members want statements on their phones</li></ul>',
          'Presentations and recordings are available on request from our communications team.',
        ],
      ),
      post(
        'cyber-security-workshop-for-mfis',
        'Cyber security workshop for branch managers',
        'Practical training on phishing, passwords and backups for 120 branch managers.',
        '/uploads/post-8.webp',
        'event, cyber security, workshop',
        [
          'One hundred and twenty branch managers from partner institutions attended our one-day cyber security workshop in Khulna.',
          'Participants practised spotting phishing messages, setting up strong passwords and restoring data from backups. Each institution left with a simple incident response checklist adapted to small branches.',
          'The workshop will be repeated in Rajshahi, Sylhet and Chattogram over the coming months.',
        ],
      ),
    ],
    children: [],
  },
];
