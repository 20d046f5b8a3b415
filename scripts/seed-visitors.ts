// What Baltimore-area visitors write: the names, cars and messages `npm run db:seed` (scripts/seed.ts)
// makes its records of.
export const FIRST_NAMES = [
  "James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth",
  "William", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Charles", "Karen",
  "Christopher", "Lisa", "Daniel", "Nancy", "Matthew", "Betty", "Anthony", "Sandra", "Mark", "Ashley",
  "Darnell", "Keisha", "Tyrone", "Latoya", "Andre", "Tamika", "Marcus", "Aaliyah", "Jamal", "Imani",
  "Carlos", "Maria", "Luis", "Sofia", "Jose", "Camila", "Wei", "Mei", "Raj", "Priya",
  "Kevin", "Rachel", "Brian", "Nicole", "Eli", "Miriam", "Avi", "Leah", "Sean", "Colleen",
]; // prettier-ignore

export const LAST_NAMES = [
  "Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez",
  "Wilson", "Anderson", "Taylor", "Thomas", "Moore", "Jackson", "Martin", "Lee", "Thompson", "White",
  "Harris", "Clark", "Lewis", "Robinson", "Walker", "Young", "Allen", "King", "Wright", "Scott",
  "Green", "Baker", "Adams", "Nelson", "Hill", "Campbell", "Mitchell", "Carter", "Roberts", "Phillips",
  "Cohen", "Levy", "Friedman", "O'Brien", "Murphy", "Kowalski", "Nguyen", "Patel", "Kim", "Okafor",
]; // prettier-ignore

export const EMAIL_DOMAINS = [
  "gmail.com",
  "yahoo.com",
  "comcast.net",
  "verizon.net",
  "outlook.com",
  "icloud.com",
  "aol.com",
];

// Area codes of the Baltimore region; 555-0100 to 555-0199 are reserved for fiction.
export const AREA_CODES = ["410", "443", "667"];

export const VEHICLES = [
  ["Honda", "Accord"], ["Honda", "Civic"], ["Honda", "CR-V"], ["Toyota", "Camry"], ["Toyota", "Corolla"],
  ["Toyota", "RAV4"], ["Toyota", "Sienna"], ["Ford", "F-150"], ["Ford", "Escape"], ["Ford", "Explorer"],
  ["Chevrolet", "Malibu"], ["Chevrolet", "Silverado"], ["Chevrolet", "Equinox"], ["Nissan", "Altima"],
  ["Nissan", "Rogue"], ["Hyundai", "Elantra"], ["Hyundai", "Sonata"], ["Kia", "Sorento"], ["Subaru", "Outback"],
  ["Subaru", "Forester"], ["Jeep", "Grand Cherokee"], ["Jeep", "Wrangler"], ["Dodge", "Grand Caravan"],
  ["Volkswagen", "Jetta"], ["BMW", "328i"], ["Mercedes-Benz", "C300"], ["Lexus", "RX 350"], ["Mazda", "CX-5"],
] as const; // prettier-ignore

export const CONTACT_MESSAGES = [
  "Do you work on {make}s? My {year} {model} needs a check-up before a trip to Ocean City.",
  "What would a brake job cost on a {year} {make} {model}? The pedal feels soft.",
  "Hi, my check engine light came on this morning ({year} {make} {model}). Can I bring it in this week?",
  "Are you open Saturdays? I work weekdays in Towson and can only drop the car off early.",
  "My {make} {model} is making a clicking noise when I turn left. Is that something you can diagnose?",
  "Could you give me a quote for replacing the timing belt on a {year} {model}?",
  "Thanks for the great service last month! Quick question: how often should I rotate the tires?",
  "Do you offer a shuttle from Pikesville to Owings Mills? I'd need a ride to work while you fix my car.",
  "The AC in my {year} {make} blows warm air. How soon could you look at it?",
  "I need a Maryland state inspection for a {year} {make} {model} I just bought. What are your rates?",
  "My battery died twice this week. {year} {make} {model}, about {miles} miles. Alternator maybe?",
  "Is there a warranty on your repairs? Looking for a new shop after moving to Reisterstown.",
]; // prettier-ignore

export const SERVICE_MESSAGES = [
  "{year} {make} {model}, {miles} miles. Due for service, any morning works.",
  "Grinding noise from the front left wheel on my {year} {model}.",
  "{make} {model} ({year}) pulls to the right and the steering wheel shakes over 50 mph.",
  "Please call me to schedule. I'm flexible Tuesday or Thursday. Car is a {year} {make} {model}.",
  "Check engine light is on, code P0420 from an auto parts store scan. {year} {make}.",
  "Transmission slips between 2nd and 3rd gear. {year} {make} {model}, {miles} miles.",
  "Need an oil change and a look at the wipers. {make} {model}.",
  "Coolant leak under the car after it sits overnight. {year} {make} {model}.",
  "Exhaust got very loud yesterday, probably the muffler. {year} {model}.",
  "Battery light flickers at idle. Could be the alternator? {year} {make} {model}, {miles} miles.",
]; // prettier-ignore

export const SPAM_LINK_MESSAGES = [
  "Best prices http://cheap-pills.example/a http://cheap-pills.example/b http://cheap-pills.example/c",
  "SEO for your shop! https://rank-fast.example https://rank-fast.example/offer https://rank-fast.example/now",
  "click www.win-big.example www.win-big.example/prize https://win-big.example/claim",
]; // prettier-ignore
