/** The gallery (images and YouTube embeds) and the social links shown on the contact page. */
import type { DemoContent } from '../types';

const youtube = (id: string, title: string) =>
  `<iframe width="560" height="315" src="https://www.youtube-nocookie.com/embed/${id}" title="${title}" allow="accelerometer; clipboard-write; encrypted-media; picture-in-picture" allowfullscreen></iframe>`;

const images: [title: string, alt: string, content: string][] = [
  [
    'Microfinance Technology Summit 2024',
    'Audience facing a stage screen showing a dashboard',
    'More than 300 leaders from 70 institutions at the summit in Dhaka.',
  ],
  [
    'Youth IT skills class in Bogura',
    'Trainer presenting charts to a class of students',
    'A networking class at our Bogura training centre.',
  ],
  [
    'Inside our Gazipur data centre',
    'Rows of server racks in a data centre aisle',
    'The server hall of our new data management centre.',
  ],
  [
    'Branch launch in Rangpur',
    'Staff and members celebrating in front of a branch',
    'Members and staff celebrate a branch going live on CoreMF.',
  ],
  [
    'Field visit to a char village',
    'Field officer meeting women members beside a river',
    'A field officer meets members of a savings group.',
  ],
  [
    'Hardware service hub, Rajshahi',
    'Technicians at workstations in a repair lab',
    'Engineers at the new Rajshahi hardware hub.',
  ],
  [
    'Radio link installation in the haor',
    'Technicians installing a communications tower',
    'Installing a radio link for a remote branch in Sunamganj.',
  ],
  ['Digital Finance Award 2023', 'Two people on a stage beside a trophy', 'Our team receives the Digital Finance Award.'],
  [
    'Our Banani head office team',
    'A team of staff standing in front of office buildings',
    'Colleagues from every department at head office.',
  ],
  [
    'CoreMF 5 launch',
    'Presenter beside a large laptop showing a dashboard',
    'Presenting the new release to partner institutions.',
  ],
];

export const gallery: DemoContent['gallery'] = [
  ...images.map(([title, alt_text, content], i) => ({
    type: 'image' as const,
    title,
    alt_text,
    content,
    file_url: `/uploads/gallery-${i + 1}.webp`,
    sort_order: i + 1,
    status: 1,
  })),
  {
    type: 'youtube_embedded' as const,
    title: 'Meridian CoreMF in the field',
    alt_text: 'Video: how field officers use CoreMF offline',
    content: 'A short film about field officers collecting instalments offline with CoreMF.',
    file_url: youtube('q3XvR8LmT2s', 'Meridian CoreMF in the field'),
    sort_order: images.length + 1,
    status: 1,
  },
  {
    type: 'youtube_embedded' as const,
    title: 'Youth IT Skills Project: graduate stories',
    alt_text: 'Video: graduates of the youth IT skills project',
    content: 'Graduates of our training centres talk about their first jobs in technology.',
    file_url: youtube('Lk7pW2nYc9E', 'Youth IT Skills Project: graduate stories'),
    sort_order: images.length + 2,
    status: 1,
  },
];

export const socials: DemoContent['socials'] = (
  [
    ['Facebook', 'facebook', 'https://www.facebook.com/example.org'],
    ['YouTube', 'youtube', 'https://www.youtube.com/@example.org'],
    ['LinkedIn', 'linkedin', 'https://www.linkedin.com/company/example-org'],
    ['X', 'x', 'https://x.com/example_org'],
  ] as const
).map(([name, icon, link_url]) => ({ name, icon, image: null, link_url, target: '_blank', status: 1 }));
