// Static copy for the home, about and contact pages: testimonials, benefit and
// value cards, the team, the facilities, the shop's story and contact features.

import type { IconCardContent } from "./services";

export const testimonials: readonly {
  name: string;
  town: string;
  vehicle: string;
  quote: string;
  rating: 5;
}[] = [
  {
    name: "Rachel G.",
    town: "Pikesville",
    vehicle: "2016 Honda Accord",
    quote:
      "Another shop told me I needed a new compressor for my AC. They found a leaking O-ring instead, fixed it the same afternoon and charged me a fraction of that quote. I've been bringing both of our cars here ever since.",
    rating: 5,
  },
  {
    name: "Marcus T.",
    town: "Randallstown",
    vehicle: "2014 Ford F-150",
    quote:
      "My truck was grinding every time I stopped. They showed me the worn pads and the scored rotors on the lift, gave me a price up front and had it done before lunch. It stops like new, and nobody tried to sell me anything I didn't need.",
    rating: 5,
  },
  {
    name: "Linda and Joe K.",
    town: "Owings Mills",
    vehicle: "2012 Toyota Camry",
    quote:
      "Our check engine light kept coming back after two other shops cleared it. They traced it to a cracked vacuum hose, explained everything in plain English and the light hasn't come on since. It feels like being looked after by family.",
    rating: 5,
  },
];

export const benefits: readonly IconCardContent[] = [
  {
    title: "Expert Technicians",
    icon: "award",
    description:
      "Our seven technicians work on all makes and models, from everyday commuters to family SUVs and work trucks, and keep their training current.",
  },
  {
    title: "Fast Service",
    icon: "clock",
    description:
      "With seven service bays, most oil changes are done while you wait and many repairs are finished the same day.",
  },
  {
    title: "Fair Pricing",
    icon: "dollar",
    description:
      "You get an upfront estimate before any work begins, and we call you before doing anything that isn't on it.",
  },
];

export const values: readonly IconCardContent[] = [
  {
    title: "Honesty",
    icon: "thumbsUp",
    description:
      "We tell you what your car needs, what can wait and what it will cost, and we show you the worn parts when you ask.",
  },
  {
    title: "Quality Workmanship",
    icon: "wrench",
    description:
      "We use quality parts, follow manufacturer procedures and road-test our work before we hand back your keys.",
  },
  {
    title: "Community",
    icon: "home",
    description:
      "We have served Pikesville and our neighbors across Baltimore County since 1992, and we're proud to be part of the neighborhood.",
  },
  {
    title: "Family",
    icon: "heart",
    description:
      "We're a family business, and we treat every customer the way we would want our own parents and kids treated.",
  },
];

export const team: readonly { name: string; role: string; bio: string }[] = [
  {
    name: "Michael Russo",
    role: "Owner",
    bio: "Michael grew up sweeping the shop floor after school and took over the business from his father. He still works the front counter most mornings and knows many customers by name.",
  },
  {
    name: "Frank Russo",
    role: "Founder",
    bio: "Frank opened the shop in Pikesville in 1992 with two bays and a reputation for honest work. He is mostly retired now, but he still stops by most weeks to check on the bays and catch up with longtime customers.",
  },
  {
    name: "Denise Carter",
    role: "Service Manager",
    bio: "Denise schedules appointments, writes up estimates and makes sure every customer gets a call back. If you have a question about your repair, she is the person to ask.",
  },
  {
    name: "Andre Williams",
    role: "Lead Technician, ASE Master Technician",
    bio: "Andre has been turning wrenches for more than twenty years and leads our team on the toughest diagnostic and engine jobs. He also trains our newer technicians.",
  },
];

export const facilities: readonly IconCardContent[] = [
  {
    title: "Seven Service Bays",
    icon: "car",
    description:
      "Seven fully equipped bays with vehicle lifts let us work on several cars at once and keep your wait short.",
  },
  {
    title: "Modern Diagnostic Equipment",
    icon: "monitor",
    description:
      "Professional scan tools and testing equipment for domestic, Asian and European vehicles help us find problems quickly and accurately.",
  },
  {
    title: "Comfortable Waiting Area",
    icon: "coffee",
    description: "A clean, comfortable waiting room with free Wi-Fi and coffee for customers who wait while we work.",
  },
  {
    title: "Clean, Organized Shop",
    icon: "sparkles",
    description:
      "We keep our bays clean and organized, and we use seat and floor covers so your car comes back the way you left it.",
  },
];

export const story: readonly string[] = [
  "In 1992, our family opened a small two-bay garage in Pikesville with a simple promise: fix cars the right way, charge a fair price and treat every customer like a neighbor. Word spread along Reisterstown Road, and before long we were looking after the cars of families who are still our customers today.",
  "As the neighborhood grew, so did we. We added bays, brought on skilled technicians and invested in modern diagnostic equipment to keep up with increasingly complex vehicles. The second generation of our family now runs the shop, with the same commitment to honest work that started it all.",
  "Today, more than 30 years later, our seven technicians work across seven service bays and care for more than 1,000 vehicles a year from Pikesville and all over Baltimore County. We're still family owned, we still give you an upfront estimate before any work begins, and we're still proud to call Pikesville home.",
];

export const contactFeatures: readonly IconCardContent[] = [
  {
    title: "Shuttle Service",
    icon: "truck",
    description: "Free local shuttle rides to home or work while your car is being serviced.",
  },
  {
    title: "All Makes & Models",
    icon: "car",
    description: "Domestic, Asian and European cars, SUVs and light trucks are all welcome in our bays.",
  },
  {
    title: "Flexible Scheduling",
    icon: "calendar",
    description: "Request service online 24/7 and we'll call you within 24 hours to find a time that works for you.",
  },
];
