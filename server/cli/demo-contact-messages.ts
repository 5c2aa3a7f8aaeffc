/*
 * Contact messages made up for demonstration and measurement: `npm run seed:demo` adds a few, the
 * contact-us benchmark (test/bench/contact-us.bench.mjs, from the build) a million. Plain SQL
 * against the table's columns, so it depends on no resource's code.
 */

const FIRST_NAMES = [
  'Ada',
  'Grace',
  'Alan',
  'Katherine',
  'Linus',
  'Margaret',
  'Tim',
  'Barbara',
  'Dennis',
  'Frances',
  'Ken',
  'Radia',
  'Edsger',
  'Hedy',
  'John',
  'Mary',
  'Peter',
  'Olga',
  'Yusuf',
  'Mei',
];

const LAST_NAMES = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Johnson',
  'Torvalds',
  'Hamilton',
  'Berners-Lee',
  'Liskov',
  'Ritchie',
  'Allen',
  'Thompson',
  'Perlman',
  'Dijkstra',
  'Lamarr',
  'Backus',
  'Anderson',
  'García',
  'Nakamura',
  'Okafor',
  'Kowalski',
  'Nielsen',
  'Silva',
  'Haddad',
  'Ivanova',
  'Murphy',
  'Dubois',
];

const MESSAGES = [
  'Hello, could you send me a quote for a small website? We are a bakery with two shops.',
  'Is the spring workshop suitable for someone who has never edited a website before?',
  'Our site seems slow since this morning. Can someone have a look?\n\nThanks,\nthe front desk',
  'I would like to book the training for three people in April.',
  'Do you also design logos, or only websites?',
  'We are unhappy with our current host. What would moving to you involve?\n1. Domain\n2. Email\n3. The site itself',
  'Please call me back about the maintenance contract, preferably in the afternoon.',
  'Can you help us make our site accessible? We had a complaint from a visitor who uses a screen reader, and we want to do this properly rather than patch it. We have about forty pages, a contact form and an online booking calendar from a third party.',
  'Thank you for the quick fix yesterday!',
  'Are you hiring? I am a junior developer looking for my first job.',
];

/**
 * One INSERT … SELECT that adds `count` contact messages. The g-th (from 1) is g × `secondsApart`
 * seconds old and comes from a made-up visitor: first and last names both change from one message
 * to the next, and every pairing comes before one repeats (20 × 26 names, and 21 is prime to 26);
 * two in three leave a phone number, the address is made from the name, the message
 * is one of the samples. With `tag`, every `tag.every`-th name starts with `tag.text`.
 */
export function insertContactMessages(
  count: number,
  options: { secondsApart: number; tag?: { every: number; text: string } },
): { sql: string; parameters: unknown[] } {
  const sql = `
    INSERT INTO contact_messages (name, phno, email, msg, created_at)
    SELECT CASE WHEN $6::int > 0 AND g % $6::int = 0 THEN $7 ELSE '' END || visitor.first || ' ' || visitor.last,
           CASE WHEN g % 3 = 0 THEN '' ELSE '+44 20 7946 ' || lpad(((g * 263) % 10000)::text, 4, '0') END,
           lower(regexp_replace(visitor.first || '.' || visitor.last, '[^A-Za-z.]', '', 'g'))
             || '@example.' || CASE WHEN g % 2 = 0 THEN 'com' ELSE 'org' END,
           ($3::text[])[1 + g % cardinality($3::text[])],
           now() - g * make_interval(secs => $4)
      FROM generate_series(1, $5::int) AS g,
           LATERAL (SELECT ($1::text[])[1 + g % cardinality($1::text[])] AS first,
                           ($2::text[])[1 + (g / cardinality($1::text[]) + g) % cardinality($2::text[])] AS last) AS visitor`;
  const parameters = [FIRST_NAMES, LAST_NAMES, MESSAGES, options.secondsApart, count, options.tag?.every ?? 0, options.tag?.text ?? ''];
  return { sql, parameters };
}
