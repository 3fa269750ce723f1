/** Pages under the mega-menu's Program & Services and Development Projects columns. */
import { type PageCopy, page } from './build';

const product = (copy: Omit<PageCopy, 'page_template' | 'content'>, intro: string, features: string[], howTo: string) =>
  page({
    ...copy,
    page_template: 'program',
    content:
      `<p>${intro}</p><h2>Key features</h2><ul>${features.map((f) => `<li>${f}</li>`).join('')}</ul>` +
      `<h3>How to apply</h3><p>${howTo}</p>`,
  });

const APPLY =
  'Visit your nearest Meridian branch or speak to the field officer at your weekly centre meeting. Bring your national ID card, two photographs and, for business loans, a short description of your business. Most applications are decided within seven days.';

export const loanPages = [
  product(
    {
      slug: 'general-loan',
      title: 'General Loan',
      sub_title: 'Working capital for household enterprises',
      description: 'General loans from BDT 10,000 to BDT 150,000 for household businesses, repaid weekly or monthly.',
      thumb: '/uploads/thumb-loan.webp',
      banner_img: '/uploads/slider-2.webp',
    },
    'Our most popular product helps members start or grow a small business run from home: tailoring, poultry, grocery shops, handicrafts and more. More than 120,000 members hold a General Loan today.',
    [
      'Loan amounts from BDT 10,000 to BDT 150,000',
      'Terms of 12 months with weekly or monthly instalments',
      'Service charge on a declining balance, disclosed in full before signing',
      'Grace period and rescheduling after floods and other disasters',
      'SMS receipt after every instalment',
    ],
    APPLY,
  ),
  product(
    {
      slug: 'agriculture-loan',
      title: 'Agriculture Loan',
      sub_title: 'Repay after the harvest',
      description: 'Seasonal loans for crops, fisheries and livestock with repayment timed to the harvest.',
      thumb: '/uploads/thumb-agriculture.webp',
    },
    'Farmers need money at planting time and earn it at harvest. Our Agriculture Loan follows that rhythm, with a single repayment or a few instalments after the crop is sold.',
    [
      'Loans for rice, vegetables, fisheries, dairy and poultry',
      'Repayment schedules of 6 to 12 months matched to the crop calendar',
      'Advice from our agriculture officers on seeds, fertiliser and storage',
      'Crop and livestock insurance available with partner insurers',
    ],
    APPLY,
  ),
  product(
    {
      slug: 'sme-loan',
      title: 'SME Loan',
      sub_title: 'Grow a small enterprise',
      description: 'SME loans up to BDT 1,000,000 for shops and workshops ready to expand and hire.',
      thumb: '/uploads/thumb-sme.webp',
    },
    'For entrepreneurs whose business has outgrown a General Loan. SME Loans finance stock, machinery and premises for shops and workshops that are ready to hire.',
    [
      'Loan amounts from BDT 150,000 to BDT 1,000,000',
      'Terms of 12 to 36 months with monthly instalments',
      'Dedicated SME officers who visit the business',
      'Special terms for women entrepreneurs under our women entrepreneurs project',
    ],
    APPLY,
  ),
  product(
    {
      slug: 'emergency-loan',
      title: 'Emergency Loan',
      sub_title: 'Fast help when the unexpected happens',
      description: 'Small emergency loans disbursed within 24 hours for medical needs and disaster recovery.',
      thumb: '/uploads/thumb-community.webp',
    },
    'Illness, floods and cyclones do not wait. Members in good standing can take a small Emergency Loan with no service charge for the first three months.',
    [
      'Up to BDT 20,000, disbursed within 24 hours',
      'No service charge for the first three months',
      'Flexible repayment over 12 months',
    ],
    'Contact your field officer or branch manager; the loan can be approved by phone and disbursed through mobile financial services.',
  ),
];

export const savingsPages = [
  product(
    {
      slug: 'general-savings',
      title: 'General Savings',
      sub_title: 'Save a little, every week',
      description: 'A flexible savings account with weekly deposits and withdrawals at any branch.',
      thumb: '/uploads/thumb-savings.webp',
    },
    'Every member can open a General Savings account with as little as BDT 20 a week. Savings are the safety net that protects families from shocks, and we pay a fair profit on every taka.',
    [
      'Minimum weekly deposit of BDT 20',
      'Withdraw at any branch or through your field officer',
      'Profit credited every six months',
      'Balance by SMS after every transaction',
    ],
    'Open an account at your weekly centre meeting or at any branch with your national ID card.',
  ),
  product(
    {
      slug: 'fixed-deposit',
      title: 'Fixed Deposit',
      sub_title: 'Grow your savings safely',
      description: 'Fixed deposits from one to five years with competitive profit rates.',
      thumb: '/uploads/thumb-savings.webp',
    },
    'Put savings aside for a fixed term and earn a higher profit. Deposits are recorded in Meridian CoreMF and confirmed by SMS and certificate.',
    [
      'Terms of 1, 2, 3 or 5 years',
      'Minimum deposit of BDT 10,000',
      'Monthly profit or profit at maturity',
      'Loans against deposits up to 80 % of the balance',
    ],
    'Visit any branch with your national ID card and a nominee\u2019s photograph.',
  ),
  product(
    {
      slug: 'monthly-savings-scheme',
      title: 'Monthly Savings Scheme',
      sub_title: 'Plan for school fees, weddings and homes',
      description: 'A monthly savings scheme for three, five or ten years with a guaranteed maturity amount.',
      thumb: '/uploads/thumb-mobile.webp',
    },
    'Save a fixed amount every month and receive a guaranteed amount at the end of the term. A popular way to plan for education, a wedding or a new roof.',
    ['Monthly instalments from BDT 500', 'Terms of 3, 5 or 10 years', 'Guaranteed maturity amount shown on the certificate'],
    'Open a scheme at any branch; instalments can be paid in cash or through mobile financial services.',
  ),
];

const project = (slug: string, title: string, sub_title: string, thumb: string, content: string) =>
  page({ slug, title, sub_title, description: sub_title, thumb, page_template: 'programs', content });

export const projectPages = [
  project(
    'project-1',
    'Youth IT Skills Project',
    'Six-month certified courses that lead to jobs',
    '/uploads/thumb-training.webp',
    '<p>Since 2013 our training centres in Dhaka, Bogura and Jashore have prepared 7000 trained youths for careers in information technology. Courses combine classroom learning with internships at partner institutions.</p><h2>Courses</h2><ul><li>Computer hardware and maintenance</li><li>Networking and system administration</li><li>Web and mobile development</li><li>Office systems and accounting software</li></ul><p>Scholarships cover the full fee for young women and for students from low-income families.</p>',
  ),
  project(
    'project-2',
    'Rural Connectivity Project',
    'Radio links and solar power for remote branches',
    '/uploads/thumb-network.webp',
    '<p>Branches on river islands and in the haor wetlands have no fibre and unreliable mobile data. This project installs point-to-point radio links and solar power so those branches can work online like any other.</p><ul><li>62 branches connected so far</li><li>Average uptime above 99 %</li><li>Local technicians trained to maintain every link</li></ul>',
  ),
  project(
    'project-3',
    'Digital Branch Transformation',
    'Moving partner institutions from paper to CoreMF',
    '/uploads/thumb-implementation.webp',
    '<p>A three-year programme helping smaller institutions digitise their branches. It covers software licences, hardware, connectivity and training, with costs shared between the institution, our development partners and Meridian.</p><ul><li>312 branches digitised this year</li><li>Reporting time cut from three weeks to one day</li><li>Staff trained in every branch</li></ul>',
  ),
  project(
    'project-4',
    'Women Entrepreneurs in Digital Finance',
    'Mentoring, finance and simple tools for women-led businesses',
    '/uploads/thumb-sme.webp',
    '<p>Women run many of the small businesses our members depend on, yet few have access to larger loans or digital tools. This project combines SME loans on special terms with mentoring and a simple bookkeeping app.</p><ul><li>2,400 women entrepreneurs enrolled</li><li>Monthly peer-learning circles in 40 unions</li><li>Bookkeeping app in Bangla that works on basic smartphones</li></ul>',
  ),
];
