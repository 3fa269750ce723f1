/** Pages under the mega-menu's About column: who we are, governance, where we work. */
import { card, page, sections } from './build';

export const aboutPages = [
  page(
    {
      slug: 'about',
      title: 'About Us',
      sub_title: 'Technology and microfinance, together since 2002',
      description:
        'Meridian Systems & Microfinance builds micro-banking software, implements it, trains IT professionals and runs its own microfinance programme.',
      thumb: '/uploads/section-about.webp',
      banner_img: '/uploads/slider-1.webp',
      content:
        '<p>Meridian Systems &amp; Microfinance began in 2002 in two rented rooms in Mohammadpur, Dhaka. Our founders had spent years in the field with microfinance institutions and had seen how much time branch staff lost to hand-written ledgers and late reports. They set out to build software that worked in the places where most microfinance happens: small towns and villages with unreliable power and slow connections.</p>' +
        '<p>Twenty-two years later we are a team of engineers, trainers, field officers and support staff working from our Banani head office and regional hubs in Bogura, Rajshahi, Khulna, Jashore and Sylhet. Our software, Meridian CoreMF, runs in 4000+ branches of 70 institutions, and our infrastructure teams look after the networks and hardware of 5000 branches of 135 institutions.</p>' +
        '<h2>What makes us different</h2>' +
        '<ul><li><strong>We practise what we build.</strong> Our own microfinance programme uses the same software we sell, so every feature is tested by our own field officers first.</li>' +
        '<li><strong>We stay after go-live.</strong> Implementation is followed by training, a help desk and preventive maintenance for as long as a client needs us.</li>' +
        '<li><strong>We grow local talent.</strong> Our training centres have prepared 7000 trained youths for careers in technology.</li></ul>',
    },
    sections([
      {
        name: 'about-milestones',
        title: 'Milestones',
        sub_title: 'Two decades in a few steps',
        content: '<p>The moments that shaped the organisation we are today.</p>',
        widgets: [
          card(
            '2002: Founded in Dhaka',
            'Five people, one idea',
            '<p>A team of five engineers and development workers starts building a loan-tracking system for two NGOs.</p>',
            '/uploads/thumb-projects.webp',
            '/history',
          ),
          card(
            '2008: Meridian CoreMF 1.0',
            'Our core system goes live',
            '<p>The first complete micro-banking platform runs in 120 branches of six institutions.</p>',
            '/uploads/thumb-software.webp',
            '/software-service',
          ),
          card(
            '2013: Training centres open',
            'Youth IT skills programme',
            '<p>Certified courses in hardware and networking start in Dhaka and Bogura.</p>',
            '/uploads/thumb-training.webp',
            '/project-1',
          ),
          card(
            '2019: Data management centres',
            'Hosting for the sector',
            '<p>Secure hosting and disaster recovery become a service for partner institutions.</p>',
            '/uploads/thumb-datacenter.webp',
            '/specialization',
          ),
          card(
            '2024: 22 years of service',
            'CoreMF 5 and mobile agents',
            '<p>Mobile agent banking and digital onboarding reach members in the most remote areas.</p>',
            '/uploads/thumb-mobile.webp',
            '/software-service',
          ),
        ],
      },
      {
        name: 'about-values',
        title: 'Our Values',
        sub_title: 'How we work with clients, members and each other',
        content: '<p>Four commitments guide every project and every loan.</p>',
        widgets: [
          card(
            'Integrity',
            'Honest numbers, always',
            '<p>We report what is true, protect member data and keep our promises to clients.</p>',
            '/uploads/thumb-security.webp',
          ),
          card(
            'Inclusion',
            'Nobody left out',
            '<p>We design for people with little formal education, basic phones and limited connectivity.</p>',
            '/uploads/thumb-community.webp',
          ),
          card(
            'Craftsmanship',
            'Built to last',
            '<p>Software and networks that keep working in heat, floods and power cuts.</p>',
            '/uploads/thumb-hardware.webp',
          ),
          card(
            'Learning',
            'Grow every year',
            '<p>Every employee spends at least ten days a year in training, and we share what we learn with partners.</p>',
            '/uploads/thumb-training.webp',
          ),
        ],
      },
    ]),
  ),
  page({
    slug: 'mission-vision',
    title: 'Mission & Vision',
    sub_title: 'Why we exist and where we are going',
    description: 'The mission and vision of Meridian Systems & Microfinance.',
    thumb: '/uploads/section-goals.webp',
    content:
      '<h2>Our vision</h2><p>A Bangladesh where every family, however remote, can borrow, save and build a livelihood with the help of reliable, affordable financial services.</p>' +
      '<h2>Our mission</h2><p>We provide microfinance institutions with the software, skills and infrastructure they need to serve their members well, and we serve families directly through our own microfinance programme.</p>' +
      '<h3>Our commitments for 2025 to 2030</h3><ul><li>Bring Meridian CoreMF to 6000 branches, including cooperatives and rural banks.</li><li>Train another 5000 young people, at least half of them women.</li><li>Run every data management centre on renewable power where the grid allows it.</li><li>Offer digital onboarding and mobile statements to every member of our own programme.</li></ul>',
  }),
  page({
    slug: 'history',
    title: 'Our History',
    sub_title: 'From a two-room office to a national partner',
    description:
      'How Meridian Systems & Microfinance grew from a small software team in 2002 into a national technology partner.',
    thumb: '/uploads/thumb-projects.webp',
    content:
      '<p>In 2002 our founders wrote the first version of our loan-tracking software on three second-hand computers. Two NGOs in Tangail used it to replace their paper ledgers, and within a year their monthly reports went from three weeks to two days.</p>' +
      '<p>Word spread through the sector. By 2008 the software had grown into Meridian CoreMF, a complete micro-banking platform, and we began helping institutions move their branches onto it. Implementation showed us how many branch staff had never used a computer, so in 2010 we started training them, and in 2013 we opened our training centres to young people looking for their first job.</p>' +
      '<p>As our clients grew, so did their need for dependable infrastructure. We set up our first data management centre in 2011 and a network operations centre in 2016. Our hardware service hubs followed in 2018.</p>' +
      '<p>Throughout, we have run a microfinance programme of our own. It keeps us honest: every feature we ship is used first by our own field officers.</p>',
  }),
  page({
    slug: 'chairman-message',
    title: 'Message from the Chairman',
    sub_title: 'Dr. Anisur Rahman Chowdhury',
    description: 'A message from the Chairman of the Governing Body of Meridian Systems & Microfinance.',
    thumb: '/uploads/profile-1.webp',
    content:
      '<p>Dear friends and partners,</p><p>When we began in 2002 we wanted to prove that technology could make microfinance cheaper, faster and fairer. Twenty-two years on, the numbers tell the story better than I can: 4000+ branches of 70 institutions rely on our software, and 7000 trained youths have passed through our training centres.</p>' +
      '<p>The next decade will ask more of us. Members expect to use their phones, regulators expect real-time reporting, and climate change is making our working areas harder to reach. We will meet these challenges the way we always have: by listening to field officers and members first.</p><p>Thank you for your trust.</p>',
  }),
  page(
    {
      slug: 'governing-body',
      title: 'Governing Body',
      sub_title: 'The board that oversees our work',
      description: 'Members of the Governing Body of Meridian Systems & Microfinance.',
      thumb: '/uploads/gallery-9.webp',
      content:
        '<p>The Governing Body sets our strategy, approves the annual budget and audited accounts, and safeguards the interests of our members and clients. It meets every quarter and is elected by the General Body for a term of three years.</p>',
    },
    sections([
      {
        name: 'governing-body-members',
        title: 'Members of the Governing Body',
        sub_title: 'Term 2023 to 2026',
        content: '<p>Our board brings together experience in banking, technology, development and law.</p>',
        widgets: [
          card(
            'Dr. Anisur Rahman Chowdhury',
            'Chairman',
            '<p>Economist and former deputy governor with thirty years in rural finance policy.</p>',
            '/uploads/profile-1.webp',
            '/chairman-message',
          ),
          card(
            'Farhana Haque',
            'Managing Director and Member Secretary',
            '<p>Leads the organisation since 2015 after a decade running our implementation programme.</p>',
            '/uploads/profile-2.webp',
          ),
          card(
            'Selina Parveen',
            'Vice Chair',
            '<p>Founder of a women-led cooperative network and advocate for financial inclusion.</p>',
            null,
          ),
          card(
            'Abdul Matin Sarkar',
            'Treasurer',
            '<p>Chartered accountant and partner in an audit firm serving the NGO sector.</p>',
            null,
          ),
        ],
      },
    ]),
  ),
  page({
    slug: 'executive-committee',
    title: 'Executive Committee',
    sub_title: 'Running the organisation day to day',
    description: 'The Executive Committee of Meridian Systems & Microfinance.',
    thumb: '/uploads/thumb-community.webp',
    content:
      '<p>The Executive Committee is led by the Managing Director and includes the heads of software, implementation, training, infrastructure, microfinance operations and finance. It meets every week to review operations, approve projects and manage risk.</p>' +
      '<ul><li>Farhana Haque, Managing Director</li><li>Tanvir Ahmed, Chief Technology Officer</li><li>Nusrat Jahan, Head of Microfinance Operations</li><li>Mahmudul Karim, Head of Infrastructure Services</li><li>Shirin Akter, Head of Training</li><li>Rezaul Islam, Chief Financial Officer</li></ul>',
  }),
  page({
    slug: 'management-team',
    title: 'Management Team',
    sub_title: 'The people who lead our programmes',
    description: 'Senior managers of the software, infrastructure, training and microfinance programmes.',
    thumb: '/uploads/gallery-9.webp',
    content:
      '<p>Our management team combines long experience in the field with technical depth. Most of our managers joined as engineers, trainers or field officers and grew with the organisation.</p>' +
      '<h2>Programme leads</h2><ul><li><strong>Software:</strong> product management, development, quality assurance</li><li><strong>Implementation:</strong> project management, data migration, go-live support</li><li><strong>Infrastructure:</strong> data management centres, network operations, hardware hubs</li><li><strong>Training:</strong> youth courses, staff training, certification</li><li><strong>Microfinance:</strong> branch operations, products, risk and audit</li></ul>',
  }),
  page({
    slug: 'working-area',
    title: 'Working Area',
    sub_title: 'Where our branches and service hubs are',
    description: 'The districts where Meridian runs microfinance branches, training centres and hardware service hubs.',
    thumb: '/uploads/thumb-working-area.webp',
    content:
      '<p>Our microfinance programme works in 14 districts of Rangpur, Rajshahi and Khulna divisions, with 96 branches serving more than 180,000 members. Our technology services reach institutions in all 64 districts.</p>' +
      '<h2>Regional offices</h2><ul><li><strong>Bogura:</strong> northern region, training centre</li><li><strong>Rajshahi:</strong> hardware service hub</li><li><strong>Khulna:</strong> south-west region and hardware service hub</li><li><strong>Jashore:</strong> training centre</li><li><strong>Sylhet:</strong> hardware service hub and haor connectivity project</li></ul>',
  }),
  page({
    slug: 'partners',
    title: 'Partners',
    sub_title: 'Institutions we work with',
    description: 'Development, financial and technology partners of Meridian Systems & Microfinance.',
    thumb: '/uploads/thumb-partners.webp',
    content:
      '<p>We work with 70 institutions that use our software and 135 institutions whose branches we support. We are also grateful to the development and technology partners who fund our projects and share their expertise.</p>' +
      '<ul><li>National microfinance institutions and cooperatives</li><li>Rural and specialised banks</li><li>Development agencies supporting financial inclusion and youth skills</li><li>Telecom operators and connectivity providers</li><li>Universities and polytechnic institutes</li></ul>',
  }),
  page({
    slug: 'development-partners',
    title: 'Development Partners',
    sub_title: 'Funding inclusion and skills',
    description: 'Development agencies and foundations that support our projects.',
    thumb: '/uploads/thumb-partners.webp',
    content:
      '<p>Our youth training, rural connectivity and women entrepreneurs projects are co-funded by development agencies and foundations. Each partnership has clear targets that we report on every quarter.</p><p>If your organisation would like to support a project, please write to us through the contact page.</p>',
  }),
  page({
    slug: 'technology-partners',
    title: 'Technology Partners',
    sub_title: 'Working with the best in the industry',
    description: 'Technology vendors and connectivity providers we partner with.',
    thumb: '/uploads/thumb-cloud.webp',
    content:
      '<p>We partner with hardware manufacturers, database vendors, telecom operators and payment providers so that our clients get tested, supported combinations of equipment and software.</p><ul><li>Certified hardware and warranty service</li><li>Carrier-grade connectivity and radio links</li><li>Mobile financial services and payment gateways</li></ul>',
  }),
];
