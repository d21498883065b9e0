// Word banks for the corpus. Names of companies and people are invented, so
// generated "news" never makes claims about real firms; technology names are
// real so the sub-categories, keywords and titles read like tech journalism.

export const CATEGORIES = [
  { slug: 'news', name: 'News', weight: 0.55 },
  { slug: 'quick-bytes', name: 'Quick Bytes', weight: 0.22 },
  { slug: 'featured', name: 'Articles', weight: 0.14 },
  { slug: 'podcasts', name: 'Podcasts', weight: 0.018 },
  { slug: 'interview', name: 'Featured Interview', weight: 0.018 },
  { slug: 'guest-author', name: 'Guest Author', weight: 0.018 },
  { slug: 'future-ready', name: 'Future Ready', weight: 0.018 },
  { slug: 'learning-center', name: 'Learning Center', weight: 0.018 },
] as const;

/** Sub-category display names; slugs are derived (slugify) and are all distinct. */
export const SUBCATEGORIES = [
  'Analytics', 'Artificial Intelligence', 'Big Data', 'Cloud Computing', 'Cyber Security',
  'Data Management', 'Software Development', 'Generative AI', 'IoT', 'Machine Learning',
  'DevOps', 'Kubernetes', 'Edge Computing', 'Blockchain', 'Quantum Computing',
  'Data Privacy', 'Identity Management', 'Ransomware', 'Zero Trust', 'Network Security',
  'Observability', 'Serverless', 'Open Source', 'Low Code', 'Robotic Process Automation',
  'Digital Transformation', 'Fintech', 'Martech', 'Customer Experience', 'Semiconductors',
  '5G Networks', 'Data Centers', 'SaaS', 'API Management', 'Microservices',
  'Natural Language Processing', 'Computer Vision', 'Augmented Reality', 'Green IT', 'Data Engineering',
] as const;

export const COMPANIES = [
  'Nimbus Labs', 'Helixware', 'Quorra Systems', 'Bluefjord', 'Stratavault', 'Corvid Analytics',
  'Lumenstack', 'Arcwell', 'Tidepool Networks', 'Ferrous AI', 'Kestrel Cloud', 'Orbitra',
  'Vantablue', 'Granite Data', 'Pellucid Security', 'Mosaic Robotics', 'Northwind Silicon',
  'Parallax Software', 'Sable Identity', 'Cinder Compute', 'Juniper Ridge Bank', 'Atlas Retail Group',
];

export const PEOPLE = [
  'Maya Lindqvist', 'Tomás Ferreira', 'Aisha Okafor', 'Kenji Watanabe', 'Laura Becker',
  'Rahul Menon', 'Sofia Marchetti', 'Daniel Osei', 'Hannah Kowalski', 'Arjun Iyer',
];

export const ROLES = ['CTO', 'CISO', 'Chief Data Officer', 'VP of Engineering', 'Head of AI', 'CIO', 'Founder and CEO'];

export const INDUSTRIES = [
  'banking', 'healthcare', 'retail', 'manufacturing', 'logistics', 'telecom', 'insurance',
  'the public sector', 'media', 'energy', 'higher education', 'automotive',
];

export const AMOUNTS = ['$12 million', '$25 million', '$40 million', '$75 million', '$110 million', '$8 million'];
export const ROUNDS = ['seed', 'Series A', 'Series B', 'Series C', 'growth'];
export const PERCENTS = ['38%', '47%', '52%', '61%', '64%', '71%', '83%'];

export const AUTHORS: { name: string; bio: string; photo: boolean }[] = [
  { name: 'Priya Raman', bio: 'Senior editor covering enterprise AI and the people who deploy it.', photo: true },
  { name: 'Marcus Hale', bio: 'Security correspondent; formerly a penetration tester for a decade.', photo: true },
  { name: 'Elena Vasquez', bio: 'Writes about cloud infrastructure, cost and the platforms that run it.', photo: true },
  { name: 'Oliver Grant', bio: 'News editor. Follows funding, acquisitions and the startup economy.', photo: true },
  { name: 'Nadia Karim', bio: 'Data journalist focused on analytics, privacy and regulation.', photo: true },
  { name: 'Samuel Okoro', bio: 'Covers semiconductors, data centers and the hardware supply chain.', photo: true },
  { name: 'Ingrid Solberg', bio: 'Reports on developer tools, open source and software delivery.', photo: true },
  { name: 'Ravi Desai', bio: 'Analyst-turned-writer on fintech, payments and banking technology.', photo: true },
  { name: 'Chloe Martin', bio: 'Marketing technology reporter and host of the weekly podcast.', photo: true },
  { name: 'Jonas Weber', bio: 'Writes explainers for the Learning Center on networking and 5G.', photo: true },
  { name: 'Amara Nwosu', bio: 'Interviews technology leaders for the Hot Seats series.', photo: true },
  { name: 'Lucas Moreau', bio: 'Covers robotics, automation and the future of work.', photo: true },
  { name: 'Grace Liu', bio: 'Reports on machine learning research and its path into products.', photo: true },
  { name: 'Tobias Lindgren', bio: 'Guest contributor; platform engineer writing about reliability.', photo: false },
  { name: 'Fatima Haddad', bio: 'Guest contributor on identity, zero trust and compliance.', photo: false },
  { name: 'Diego Alvarez', bio: 'Quick Bytes desk: short takes on launches and updates.', photo: true },
  { name: 'Hana Sato', bio: 'Covers customer experience platforms and conversational AI.', photo: true },
  { name: 'Peter Novak', bio: 'Editor at large; long reads on digital transformation.', photo: true },
];

export const CITIES = [
  'London', 'Singapore', 'San Francisco', 'New York', 'Bengaluru', 'Berlin', 'Austin',
  'Manila', 'Toronto', 'Amsterdam', 'Dubai', 'Sydney', 'San José, Costa Rica', 'Virtual',
];

export const EVENT_KINDS = ['Summit', 'Forum', 'Expo', 'Conference', 'Roundtable', 'Workshop', 'Meetup', 'Webinar'];
