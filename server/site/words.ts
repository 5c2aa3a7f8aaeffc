/** 45 → "45 seconds", 60 → "1 minute", 430 → "8 minutes". */
function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * The website's words: every text a visitor reads on its pages and in its feed, in one catalog
 * that the page components read (through SiteView's `words`) instead of writing English
 * themselves. A text that takes a value (a page number, the company's name) is a function, so each
 * language orders its own sentence. Each other language (words-catalogs.ts) is an object of type
 * SiteWords, which the compiler holds to every key of this one.
 */
export const en = {
  /** `<html lang>`. */
  lang: 'en',
  /** How dates are written (UTC, so every replica writes the same page). */
  dateLocale: 'en-US',
  /** The tab's title: "<page> – <company>" (the home page has the company's name alone). */
  documentTitle: (title: string, companyName: string) => `${title} – ${companyName}`,
  feedTitle: (companyName: string) => `${companyName}: News`,
  skipToContent: 'Skip to content',
  preview: {
    label: 'Preview',
    heading: 'Preview.',
    text: 'Visitors see the maintenance page while maintenance is on.',
    back: 'Back to Settings',
    /** The preview while the site is live: what differs from the visitors' page is shown to the administrator alone. */
    live: 'Drafts, schedules and unpublished changes are shown to you alone; visitors see the published site.',
    panel: 'Back to the admin panel',
  },
  /** The language switcher's name (issue #41): each language is named in itself. */
  languages: 'Languages',
  /** The main navigation's entries, also the sections' names in a breadcrumb trail. */
  nav: { label: 'Main', home: 'Home', services: 'Services', news: 'News', contact: 'Contact' },
  contactDetails: 'Contact details',
  /** The footer's menu (Settings → Navigation) and the law's pages. */
  footerNav: 'Footer',
  /** The company's own pages (issue #37). */
  page: {
    draft: 'Draft — only signed-in administrators see this',
    scheduled: 'Scheduled: visitors see this page from its date.',
    workingCopy: 'Unpublished changes: visitors see the published version.',
  },
  home: {
    description: (companyName: string) => `${companyName}: our services, our latest news and how to reach us.`,
    contactUs: 'Contact us',
    ourServices: 'Our services',
    services: 'Our services',
    allServices: 'All services',
    news: 'Latest news',
    allNews: 'All news',
  },
  services: {
    title: (page: number) => (page === 1 ? 'Services' : `Services, page ${page}`),
    description: (companyName: string) => `What ${companyName} does for its customers.`,
    heading: 'Services',
    lead: 'What we do for our customers.',
    empty: 'There are no services to show yet.',
    pages: 'Services pages',
  },
  news: {
    title: (page: number) => (page === 1 ? 'News' : `News, page ${page}`),
    description: (companyName: string) => `The latest news from ${companyName}.`,
    heading: 'News',
    lead: 'What is new with us.',
    empty: 'There is no news yet.',
    pages: 'News pages',
  },
  article: {
    back: '← All news',
    draft: 'Draft — only signed-in administrators see this',
    scheduled: 'Scheduled: visitors see this article from its date.',
    workingCopy: 'Unpublished changes: visitors see the published version.',
    about: 'About',
  },
  pager: { previous: 'Previous', next: 'Next', page: (page: number) => `Page ${page}` },
  contact: {
    title: 'Contact us',
    refusedTitle: 'Error: Contact us',
    description: (companyName: string) => `Send ${companyName} a message: we will get back to you.`,
    heading: 'Contact us',
    lead: 'Tell us what you need and we will get back to you.',
    form: 'Send a message',
    /** The form's fields, by the names POST /api/contactus gives them. */
    fields: {
      name: { label: 'Name' },
      phno: { label: 'Phone', hint: 'Digits, spaces and + ( ) - only.' },
      email: { label: 'Email' },
      msg: { label: 'Message', hint: 'Up to 5,000 characters.' },
    },
    optional: '(optional)',
    /** The honeypot's label: hidden from everyone but bots. */
    website: 'Website',
    send: 'Send message',
    /** Beside the Send button, linking the privacy policy (Settings) while it is published. */
    privacy: 'How we use your data',
    checkForm: 'Please check the form',
    unreadable: 'The form could not be read. Please try again.',
    notSentYet: 'Your message was not sent yet',
    tooMany: (seconds: number) =>
      `We have received too many messages from your address for now. You can send this one in ${waitText(seconds)}: everything you typed is still here.`,
    otherWays: 'Other ways to reach us',
    email: 'Email',
    phone: 'Phone',
  },
  homeLink: 'Go to the home page',
  errorCode: (status: number) => `Error ${status}`,
  thanks: {
    title: 'Thank you',
    description: 'Your message has been sent.',
    text: 'Your message has been sent. We will get back to you soon.',
  },
  notFound: {
    title: 'Page not found',
    description: 'This page does not exist.',
    text: 'The page you asked for does not exist, or it has been removed.',
  },
  /** The statuses the site answers with a page of their own, and what each says. */
  problems: {
    400: { heading: 'Bad request', text: 'This address could not be read. Please check it and try again.' },
    403: { heading: 'Request refused', text: 'This form can only be sent from this website.' },
    405: { heading: 'Not allowed', text: 'This page cannot be used that way.' },
    413: { heading: 'Message too long', text: 'The form you sent was too large. Please shorten your message and try again.' },
    500: { heading: 'Something went wrong', text: 'We could not show this page. Please try again in a moment.' },
    503: { heading: 'Temporarily unavailable', text: 'The site cannot answer right now. Please try again in a moment.' },
  },
};

/** Every key English has: what a second language must provide (its texts are its own). */
export type SiteWords = typeof en;

/** A status the site answers with a page of its own (the others become 400 or 500). */
export type ProblemStatus = keyof SiteWords['problems'];

export function isProblemStatus(status: number): status is ProblemStatus {
  return status in en.problems;
}
