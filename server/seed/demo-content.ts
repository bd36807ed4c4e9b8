/**
 * What the demo shows (docs/product/shell.md "Demo data"): people, channels, waves with what
 * is said in them, likes, listens and follows. The spoken audio and the people's pictures are
 * made from this once by `scripts/make-demo-media.ts` and committed beside it
 * (`demo-media/`), so every machine seeds the same demo, whatever its ffmpeg can synthesise.
 */

export interface DemoUser {
  username: string;
  displayname: string;
  about: string;
  usercountrycode: string;
  userregionname: string;
  language_code_ui: string;
}

export const USERS: DemoUser[] = [
  {
    username: 'lena-berlin',
    displayname: 'Lena Schmidt',
    about: 'Radio-Fan aus Berlin. Ich erzähle vom Leben in der Stadt.',
    usercountrycode: 'DE',
    userregionname: 'Berlin',
    language_code_ui: 'de',
  },
  {
    username: 'marcus-audio',
    displayname: 'Marcus Reed',
    about: 'Sound engineer. Short tips for recording your voice on a phone.',
    usercountrycode: 'US',
    userregionname: 'California',
    language_code_ui: 'en',
  },
  {
    username: 'priya-reads',
    displayname: 'Priya Nair',
    about: 'I read very short stories and poems aloud.',
    usercountrycode: 'IN',
    userregionname: 'Kerala',
    language_code_ui: 'en',
  },
  {
    username: 'tom-wandert',
    displayname: 'Tom Becker',
    about: 'Wandern, Berge und Kaffee. Grüße aus Wien.',
    usercountrycode: 'AT',
    userregionname: 'Wien',
    language_code_ui: 'de',
  },
  {
    username: 'sofia-cooks',
    displayname: 'Sofia Rossi',
    about: 'Home cook. One recipe idea a day, in under a minute.',
    usercountrycode: 'IT',
    userregionname: 'Toscana',
    language_code_ui: 'en',
  },
];

export const CHANNELS = [
  { channel_name: 'podcasts', description: 'Talk about the shows you love', language: 'en' },
  { channel_name: 'stories', description: 'Short stories and poems read aloud', language: 'en' },
  { channel_name: 'recording-tips', description: 'Sound better on any phone', language: 'en' },
  { channel_name: 'berlin', description: 'Alles über Berlin', language: 'de' },
  { channel_name: 'geschichten', description: 'Kurze Geschichten zum Zuhören', language: 'de' },
] as const;

export interface DemoWave {
  key: string;
  user: string;
  channel?: string;
  replyTo?: string;
  title: string;
  text: string;
  /** flite's English voices; espeak-ng's German ones (`de+…`) for German texts. */
  voice: 'slt' | 'kal' | 'awb' | 'rms' | 'de+f2' | 'de+m3';
}

export const WAVES: DemoWave[] = [
  {
    key: 'welcome',
    user: 'marcus-audio',
    channel: 'general',
    title: 'Welcome to the neighbourhood',
    text: 'Hello and welcome. This is a place for short voice messages. Press play, listen, and record your own.',
    voice: 'kal',
  },
  {
    key: 'tip-distance',
    user: 'marcus-audio',
    channel: 'recording-tips',
    title: 'Tip one: hold the phone closer',
    text: 'Quick tip. Hold your phone about a hand away from your mouth. You will sound clearer, and the room will sound smaller.',
    voice: 'kal',
  },
  {
    key: 'hallo',
    user: 'lena-berlin',
    channel: 'allgemein',
    title: 'Hallo aus Berlin',
    text: 'Hallo zusammen! Ich bin Lena aus Berlin. Schön, dass ihr da seid.',
    voice: 'de+f2',
  },
  {
    key: 'poem',
    user: 'priya-reads',
    channel: 'stories',
    title: 'A very small poem about rain',
    text: 'The rain arrived without a sound. It wrote its name on every window, then it left before the morning.',
    voice: 'slt',
  },
  {
    key: 'risotto',
    user: 'sofia-cooks',
    channel: 'general',
    title: 'Risotto in one breath',
    text: 'Risotto in one breath. Onion, rice, a splash of wine, then warm stock, one ladle at a time. Finish with butter and cheese.',
    voice: 'slt',
  },
  {
    key: 'spree',
    user: 'lena-berlin',
    channel: 'berlin',
    title: 'Ein Morgen an der Spree',
    text: 'Heute Morgen an der Spree. Die Sonne ist da, die Stadt ist noch leise.',
    voice: 'de+f2',
  },
  {
    key: 'podcast-pick',
    user: 'priya-reads',
    channel: 'podcasts',
    title: 'My podcast pick of the week',
    text: 'My pick of the week is a show about the history of maps. Every episode is twenty minutes, and every one surprised me.',
    voice: 'slt',
  },
  {
    key: 'berge',
    user: 'tom-wandert',
    channel: 'allgemein',
    title: 'Grüße aus den Bergen',
    text: 'Servus aus den Bergen! Der Weg war lang, aber der Kaffee oben ist der beste.',
    voice: 'de+m3',
  },
  {
    key: 'tip-room',
    user: 'marcus-audio',
    channel: 'recording-tips',
    title: 'Tip two: soft rooms sound better',
    text: 'Tip two. Record in a room with soft things, like a sofa or curtains. Bare walls make an echo.',
    voice: 'kal',
  },
  {
    key: 'tip-room-thanks',
    user: 'priya-reads',
    replyTo: 'tip-room',
    title: 'Re: soft rooms. It works!',
    text: 'I tried this in my wardrobe, between the coats. It really works. Thank you.',
    voice: 'slt',
  },
  {
    key: 'tip-room-car',
    user: 'tom-wandert',
    replyTo: 'tip-room',
    title: 'Re: soft rooms, what about the car?',
    text: 'What about recording in a parked car? It is quiet and full of soft seats.',
    voice: 'rms',
  },
  {
    key: 'maerchen',
    user: 'tom-wandert',
    channel: 'geschichten',
    title: 'Ein kurzes Märchen',
    text: 'Es war einmal ein kleiner Fuchs, der wollte fliegen. Er lernte es nie, aber er fand viele Freunde.',
    voice: 'de+m3',
  },
  {
    key: 'pasta',
    user: 'sofia-cooks',
    channel: 'general',
    title: 'Pasta water is liquid gold',
    text: 'Never throw away your pasta water. A spoonful makes every sauce silky.',
    voice: 'slt',
  },
  {
    key: 'late-story',
    user: 'priya-reads',
    channel: 'stories',
    title: 'The last train home',
    text: 'On the last train home, a stranger hummed a song my grandmother used to sing. I still do not know its name.',
    voice: 'slt',
  },
];

/** Who likes what (by wave key), and how many anonymous listens each wave gets. */
export const LIKES: Record<string, string[]> = {
  welcome: ['lena-berlin', 'priya-reads', 'sofia-cooks', 'tom-wandert'],
  'tip-distance': ['priya-reads', 'sofia-cooks'],
  hallo: ['tom-wandert', 'marcus-audio'],
  poem: ['marcus-audio', 'sofia-cooks', 'lena-berlin'],
  risotto: ['priya-reads'],
  'tip-room': ['priya-reads', 'tom-wandert', 'lena-berlin'],
  berge: ['lena-berlin'],
  pasta: ['marcus-audio', 'priya-reads'],
};
export const LISTENS: Record<string, number> = {
  welcome: 23,
  'tip-distance': 9,
  hallo: 12,
  poem: 17,
  risotto: 6,
  spree: 4,
  'podcast-pick': 5,
  berge: 8,
  'tip-room': 14,
  'tip-room-thanks': 3,
  maerchen: 2,
  pasta: 7,
};
export const FOLLOWS: [string, string][] = [
  ['lena-berlin', 'tom-wandert'],
  ['tom-wandert', 'lena-berlin'],
  ['priya-reads', 'marcus-audio'],
  ['sofia-cooks', 'marcus-audio'],
  ['marcus-audio', 'priya-reads'],
  ['lena-berlin', 'priya-reads'],
];
