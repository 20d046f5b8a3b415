// Static content for the service-area pages. Distances and drive times are the shop's own figures;
// the order is the footer's.

export type Area = {
  slug: string;
  shortSlug?: string;
  name: string;
  county: string;
  zipCodes: string[];
  landmarks: string[];
  description: string;
  distance: string;
  driveTime: string;
  shuttle: boolean;
};

export const areas: readonly Area[] = [
  {
    slug: "baltimore-auto-repair",
    name: "Baltimore",
    county: "Baltimore City",
    zipCodes: ["21209", "21210", "21211", "21215", "21216", "21217", "21218"],
    landmarks: [
      "Druid Hill Park",
      "Mount Washington",
      "Northern Parkway",
      "Jones Falls Expressway (I-83)",
      "Inner Harbor",
    ],
    description:
      "Plenty of city drivers make the short trip up Reisterstown Road or I-83 for a shop that gives straight answers and fair prices. Drop your car off on the way to work and we'll call you with an upfront estimate before we touch a thing.",
    distance: "15 miles",
    driveTime: "15 min",
    shuttle: false,
  },
  {
    slug: "baltimore-county-auto-repair",
    name: "Baltimore County",
    county: "Baltimore County",
    zipCodes: ["21208", "21117", "21133", "21136", "21244", "21207", "21093", "21204", "21286", "21030"],
    landmarks: [
      "Baltimore Beltway (I-695)",
      "Northwest Expressway (I-795)",
      "Reisterstown Road",
      "Liberty Road",
      "Loch Raven Reservoir",
    ],
    description:
      "Since 1992 we have looked after cars from every corner of Baltimore County, from the Liberty Road corridor to the York Road communities. Right off the Beltway, our seven bays keep repairs moving so you are back on the road quickly.",
    distance: "5-20 miles",
    driveTime: "5-20 min",
    shuttle: true,
  },
  {
    slug: "pikesville-auto-repair",
    shortSlug: "pikesville",
    name: "Pikesville",
    county: "Baltimore County",
    zipCodes: ["21208", "21282"],
    landmarks: ["Reisterstown Road", "Old Court Road", "Pikesville Armory", "Druid Ridge Cemetery", "Sudbrook Park"],
    description:
      "Pikesville is our home, and many of our customers have been bringing their cars to us since we opened in 1992. Neighbors count on us for honest advice, work done right the first time and a friendly face when they drop off their keys.",
    distance: "2 miles",
    driveTime: "5 min",
    shuttle: true,
  },
  {
    slug: "owings-mills-auto-repair",
    shortSlug: "owings-mills",
    name: "Owings Mills",
    county: "Baltimore County",
    zipCodes: ["21117"],
    landmarks: [
      "Metro Centre at Owings Mills",
      "Mill Station (former Owings Mills Mall site)",
      "McDonogh School",
      "Northwest Expressway (I-795)",
    ],
    description:
      "Owings Mills drivers are just a few minutes up Reisterstown Road or I-795 from our bays, which makes us an easy stop for busy commuters and growing families. We handle everything from quick oil changes to complex engine and transmission work, with an upfront estimate every time.",
    distance: "4 miles",
    driveTime: "8 min",
    shuttle: true,
  },
  {
    slug: "randallstown-auto-repair",
    shortSlug: "randallstown",
    name: "Randallstown",
    county: "Baltimore County",
    zipCodes: ["21133"],
    landmarks: [
      "Liberty Road",
      "Soldiers Delight Natural Environment Area",
      "Liberty Reservoir",
      "Randallstown Community Center",
    ],
    description:
      "Randallstown families have trusted us with their cars for decades, and it's a short drive from Liberty Road to our shop. Our free local shuttle gets you home or to work while we take care of the repair.",
    distance: "3 miles",
    driveTime: "7 min",
    shuttle: true,
  },
  {
    slug: "reisterstown-auto-repair",
    shortSlug: "reisterstown",
    name: "Reisterstown",
    county: "Baltimore County",
    zipCodes: ["21136"],
    landmarks: [
      "Main Street historic district",
      "Reisterstown Road (MD 140)",
      "Hannah More Park",
      "Franklin High School",
    ],
    description:
      "Reisterstown drivers head straight down Reisterstown Road to reach a family shop that still knows customers by name. From state inspections to brake jobs, we explain the work clearly and finish it on time.",
    distance: "6 miles",
    driveTime: "12 min",
    shuttle: true,
  },
  {
    slug: "lutherville-timonium-auto-repair",
    shortSlug: "lutherville-timonium",
    name: "Lutherville-Timonium",
    county: "Baltimore County",
    zipCodes: ["21093", "21094"],
    landmarks: [
      "Maryland State Fairgrounds",
      "York Road",
      "Timonium Light Rail station",
      "Lutherville Historic District",
    ],
    description:
      "Lutherville-Timonium customers find it's a quick trip around the Beltway for honest diagnostics and fair prices. Our free local shuttle means you don't have to rearrange your day while your car is in one of our bays.",
    distance: "8 miles",
    driveTime: "15 min",
    shuttle: true,
  },
  {
    slug: "towson-auto-repair",
    shortSlug: "towson",
    name: "Towson",
    county: "Baltimore County",
    zipCodes: ["21204", "21252", "21285", "21286"],
    landmarks: [
      "Towson University",
      "Towson Town Center",
      "Historic Baltimore County Courthouse",
      "Goucher College",
      "Hampton National Historic Site",
    ],
    description:
      "Towson residents, students and county employees make the drive around the Beltway because they want a mechanic they can trust. We schedule around your day and call you with a clear estimate before any work begins.",
    distance: "12 miles",
    driveTime: "20 min",
    shuttle: false,
  },
  {
    slug: "woodlawn-auto-repair",
    shortSlug: "woodlawn",
    name: "Woodlawn",
    county: "Baltimore County",
    zipCodes: ["21207", "21244", "21235"],
    landmarks: [
      "Social Security Administration headquarters",
      "Security Boulevard",
      "Security Square Mall",
      "Woodlawn High School",
    ],
    description:
      "From Security Boulevard it's a short hop up the Beltway to our shop, and many Woodlawn commuters drop their cars off on the way to work. We keep you updated by phone and have your car ready when we say it will be.",
    distance: "7 miles",
    driveTime: "14 min",
    shuttle: true,
  },
  {
    slug: "milford-mill-auto-repair",
    shortSlug: "milford-mill",
    name: "Milford Mill",
    county: "Baltimore County",
    zipCodes: ["21244", "21133", "21208"],
    landmarks: ["Milford Mill Road", "Liberty Road", "Milford Mill Metro SubwayLink station", "Milford Mill Academy"],
    description:
      "Milford Mill is a short drive from our shop along Milford Mill Road and Liberty Road, so neighbors here can drop off a car and be home in minutes. We offer the same honest diagnostics, fair pricing and free local shuttle our Pikesville customers have relied on since 1992.",
    distance: "5 miles",
    driveTime: "10 min",
    shuttle: true,
  },
];

export function areaPath(area: Area): string {
  return `/areas/${area.slug}`;
}

/** The area at /areas/<slug>, by its full slug or its short alias. */
export function findArea(slug: string): Area | undefined {
  return areas.find((area) => area.slug === slug || (area.shortSlug !== undefined && area.shortSlug === slug));
}

export const servedTowns: readonly string[] = [
  "Pikesville",
  "Baltimore",
  "Owings Mills",
  "Reisterstown",
  "Towson",
  "Cockeysville",
  "Hunt Valley",
  "Randallstown",
];
