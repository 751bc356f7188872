// Curated name lists for the countries where faker's locale data reads wrong for a sports
// roster (its en_IN and en_GB lists mix in American surnames and rare archaic given names),
// or where faker has no Latin-script locale at all (Pakistan, Sri Lanka, Afghanistan, the
// West Indies). Names are combined at random, so no real person is described.

/** Splits a whitespace-separated list: long name lists stay readable and diff well. */
export function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean)
}

export interface NameList {
  male: readonly string[]
  female?: readonly string[]
  last: readonly string[]
}

export const INDIAN: NameList = {
  male: words(`
    Aarav Abhishek Aditya Ajay Akash Amit Anand Aniket Ankit Arjun Arnav Ashwin Ayush Deepak Dhruv
    Gaurav Harsh Hardik Ishan Karan Kartik Kunal Manish Mayank Mohit Nikhil Nitish Pranav Prithvi Rahul
    Rajat Rishabh Rohan Rohit Ruturaj Sai Sanjay Sarfaraz Shardul Shivam Shreyas Siddharth Sunil Tilak
    Umesh Varun Venkatesh Vijay Vikram Vinay Yash Yuvraj Abhinav Devdutt Harshit Mukesh Navdeep Prasidh
    Ravi Riyan Sameer Tushar
  `),
  female: words(`
    Aadhya Ananya Anjali Aditi Bhavna Deepika Diya Divya Gauri Isha Kavya Kriti Meera Neha Nisha Pooja
    Priya Riya Sakshi Saanvi Shreya Simran Sneha Tanvi Trisha Vaishnavi Radha Renuka Richa Pallavi
    Lavanya Nandini Aishwarya Ira Mansi Jyoti Kiran Shalini Swati Tara
  `),
  last: words(`
    Agarwal Arora Bansal Bhatt Bishnoi Bose Chahar Chatterjee Chauhan Chawla Das Desai Dubey Ghosh Gill
    Gupta Hegde Iyer Jadeja Jaiswal Joshi Kamath Kapoor Kishan Kulkarni Kumar Malhotra Mehta Menon
    Mishra Mukherjee Naik Nair Pandey Pandya Patel Pillai Rana Rao Rathore Reddy Saini Saxena Sethi
    Sharma Shetty Shukla Singh Sinha Sood Srinivasan Thakkar Thakur Tiwari Trivedi Upadhyay Varma
    Waghmare Yadav Chopra
  `),
}

export const BRITISH: NameList = {
  male: words(`
    Oliver George Jack Harry James Oscar Alex Ollie Callum Thomas Ben Luke Daniel Sam Joe Jamie Liam Zak
    Reece Will Tom Chris Matt Jonny
  `),
  female: words(`Amelia Olivia Isla Emily Sophie Grace Lucy Hannah`),
  last: words(`
    Bennett Carter Hughes Fletcher Marshall Turner Walker Wright Harrison Cooper Palmer Ward Mills Holt
    Barker Pearce Ellis Chambers Atkinson Crawley Pope Duckett Stokes Woakes Overton Leach Brook Foakes
    Tongue
  `),
}

export const KIWI: NameList = {
  male: words(`
    Kane Tom Devon Daryl Glenn Rachin Mitchell Matt Trent Tim Kyle Will Finn Lockie Ish Henry Blair
    Jacob Ben Adam
  `),
  last: words(`
    Latham Conway Mitchell Phillips Santner Henry Boult Southee Jamieson Young Allen Ferguson Sodhi
    Nicholls Tickner Duffy Bracewell Chapman Blundell Seifert Munro Taylor Watling Ngata Rangi
  `),
}

export const PAKISTANI: NameList = {
  male: words(`
    Babar Mohammad Shaheen Shadab Fakhar Imam Haris Naseem Abdullah Saim Usman Abrar Salman Aamer Faheem
    Hasan Imad Saud Kamran Sajid Noman Iftikhar Asif Zahid
  `),
  last: words(`
    Khan Ahmed Ali Afridi Rauf Shafique Rizwan Masood Shakeel Nawaz Wasim Zaman Ashraf Tahir Haq Butt
    Qureshi Malik Hussain Javed Iqbal Sohail Abbas Raza
  `),
}

export const SRI_LANKAN: NameList = {
  male: words(`
    Kusal Dasun Wanindu Pathum Charith Dhananjaya Angelo Dinesh Maheesh Dushmantha Matheesha Lahiru
    Kamindu Sadeera Asitha Prabath Nuwan Dilshan Janith Avishka Bhanuka Chamika Dunith Nishan
  `),
  last: words(`
    Mendis Perera Fernando Silva Karunaratne Asalanka Shanaka Hasaranga Nissanka Theekshana Chameera
    Pathirana Kumara Rajitha Jayasuriya Samarawickrama Madushanka Wellalage Gunathilaka Bandara
    Dickwella Vandersay Liyanage Rathnayake
  `),
}

export const AFGHAN: NameList = {
  male: words(`
    Rashid Mohammad Mujeeb Rahmanullah Ibrahim Azmatullah Fazalhaq Naveen Gulbadin Noor Hashmatullah
    Najibullah Karim Sediqullah Fareed
  `),
  last: words(`
    Khan Nabi Zadran Gurbaz Omarzai Farooqi Naib Ahmad Shahidi Rahman Zazai Janat Atal Malik Stanikzai
  `),
}

export const CARIBBEAN: NameList = {
  male: words(`
    Nicholas Shai Andre Kieron Jason Alzarri Shimron Rovman Brandon Romario Akeal Gudakesh Obed Sherfane
    Roston Kyle Evin Johnson Jayden Keacy
  `),
  last: words(`
    Pooran Hope Russell Pollard Holder Joseph Hetmyer Powell King Shepherd Hosein Motie McCoy Rutherford
    Chase Mayers Lewis Charles Seales Carty
  `),
}

/** Gamer tags for esports players: a word and, sometimes, a suffix. */
export const TAG_WORDS = words(`
  Ace Apex Arrow Blaze Bolt Chaos Cipher Clutch Cobra Comet Crypt Dash Delta Drift Echo Ember Falcon
  Fang Frost Fury Ghost Glitch Hawk Havoc Hunter Jinx Joker Karma Lynx Maverick Mamba Neon Nova Omega
  Onyx Orbit Phantom Pixel Predator Pulse Quake Raptor Raven Rebel Reaper Riot Rogue Sage Scar Shadow
  Sniper Spark Spectre Storm Striker Sultan Talon Tempest Thunder Titan Toxic Vandal Venom Viper Vortex
  Wolf Wraith Zenith Zephyr Zero Ronin Hydra Inferno Kaiser Lotus Mystic Nitro Outlaw Panther Ranger
  Slayer Tiger Goblin Kraken
`)

export const TAG_SUFFIXES = ['', '', '', '', 'OP', 'X', 'GG', '07', '99', 'YT', 'Pro', 'IN'] as const

/** Fantasy team names of the demo users. */
export const TEAM_ADJECTIVES = words(`
  Mighty Royal Blazing Desi Super Golden Fearless Swift Raging Silent Roaring Electric Lucky Dashing
  Flying
`)
export const TEAM_NOUNS = words(`
  Strikers Warriors Titans Tuskers Sixers Spinners Gladiators Panthers Falcons Rhinos Chargers Yorkers
  Maulers Kings Legends
`)

export const BIOS = [
  'Cricket tragic. Never misses a powerplay.',
  'Weekend footballer, full-time fantasy manager.',
  'Picking captains since 2016.',
  'Spin is an art. Pace is a science.',
  'F1 on Sundays, cricket every other day.',
  'Chicken dinners and differential picks.',
  'Data over gut feeling. Mostly.',
  'Here for the banter and the leaderboard.',
  'Backing the underdogs, always.',
  'Top 1% in one contest, once. Still talking about it.',
] as const
