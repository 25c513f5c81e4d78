/**
 * Who hears about what: the notification matrix — each user's preferences × the
 * platform's master switches — for quote requests and messages, by e-mail (through SMTP) and by
 * text (through SMS_URL); a lively conversation gives one notice per window; an SMTP and an SMS
 * outage delay notices and lose none, and each arrives exactly once afterwards.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { notificationOutbox, platformSettings } from '@/server/db/schema';
import { createCompany, createQuote, createUser, giveCoins, loginAs } from '@/server/test/factories';
import { apiCaller, startTestApp, type TestApp } from '@/server/test/harness';

let t: TestApp;
let call: ReturnType<typeof apiCaller>;
beforeAll(async () => {
  t = await startTestApp();
  call = apiCaller(t.app);
});
afterAll(() => t.close());
afterEach(() => setSwitches({ emailQuotes: true, emailMessages: true, smsQuotes: true, smsMessages: true }));

const DESCRIPTION =
  'Two bedrooms and a hallway need fresh paint on the walls and ceilings; the trim can stay. About 400 square feet.';
let phoneCounter = 0;
const newPhone = () => `+1512555${String(1000 + (phoneCounter += 1)).padStart(4, '0')}`;

interface Switches {
  emailQuotes: boolean;
  emailMessages: boolean;
  smsQuotes: boolean;
  smsMessages: boolean;
}
async function setSwitches(switches: Switches) {
  const keys: Record<keyof Switches, string> = {
    emailQuotes: 'notifications_email_quotes_enabled',
    emailMessages: 'notifications_email_messages_enabled',
    smsQuotes: 'notifications_sms_quotes_enabled',
    smsMessages: 'notifications_sms_messages_enabled',
  };
  for (const [name, key] of Object.entries(keys)) {
    await t.db
      .update(platformSettings)
      .set({ value: String(switches[name as keyof Switches]) })
      .where(eq(platformSettings.key, key));
  }
}

interface Preferences {
  email: boolean;
  emailQuotes: boolean;
  emailMessages: boolean;
  text: boolean;
  textQuotes: boolean;
  textMessages: boolean;
  phone: boolean;
}
const DEFAULTS: Preferences = {
  email: true,
  emailQuotes: true,
  emailMessages: true,
  text: false,
  textQuotes: false,
  textMessages: false,
  phone: false,
};

async function userWith(prefs: Partial<Preferences>) {
  const p = { ...DEFAULTS, ...prefs };
  const phone = p.phone ? newPhone() : null;
  const user = await createUser(t.db, {
    isVerified: true,
    phoneNumber: phone,
    emailNotifications: p.email,
    emailNotificationsQuotes: p.emailQuotes,
    emailNotificationsMessages: p.emailMessages,
    textNotifications: p.text,
    textNotificationsQuotes: p.textQuotes,
    textNotificationsMessages: p.textMessages,
  });
  return { user, phone };
}

/** Everything queued so far has been handed over (or failed). */
async function settled() {
  t.app.services.outbox.poke();
  await t.app.services.outbox.idle();
}

async function submitTo(companyIds: number[]) {
  const customer = await createUser(t.db, { firstName: 'Quinn', lastName: 'Ruiz' });
  const cookie = await loginAs(t.app, customer);
  const quote = await createQuote(t.db, { userId: customer.id, companyIds, status: 'draft' });
  const answer = await call('POST', `/api/quotes/${quote.id}/submit`, cookie, {
    quoteName: 'Paint two rooms',
    description: DESCRIPTION,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return { customer, cookie, quote };
}

const ALL_ON: Switches = { emailQuotes: true, emailMessages: true, smsQuotes: true, smsMessages: true };

describe('notices of a new quote request to a company owner', () => {
  const cases: { name: string; prefs: Partial<Preferences>; switches?: Partial<Switches>; mails: number; texts: number }[] = [
    { name: 'defaults: e-mail on, texts off', prefs: {}, mails: 1, texts: 0 },
    { name: 'e-mail turned off', prefs: { email: false }, mails: 0, texts: 0 },
    { name: 'e-mail on but not for quotes', prefs: { emailQuotes: false }, mails: 1 - 1, texts: 0 },
    { name: 'texts on for quotes with a phone', prefs: { text: true, textQuotes: true, phone: true }, mails: 1, texts: 1 },
    { name: 'texts on for messages only', prefs: { text: true, textMessages: true, phone: true }, mails: 1, texts: 0 },
    { name: 'texts on without a phone number', prefs: { text: true, textQuotes: true }, mails: 1, texts: 0 },
    {
      name: 'platform e-mail for quotes off',
      prefs: { text: true, textQuotes: true, phone: true },
      switches: { emailQuotes: false },
      mails: 0,
      texts: 1,
    },
    {
      name: 'platform texts for quotes off',
      prefs: { text: true, textQuotes: true, phone: true },
      switches: { smsQuotes: false },
      mails: 1,
      texts: 0,
    },
    {
      name: 'platform message switches do not silence quotes',
      prefs: { text: true, textQuotes: true, phone: true },
      switches: { emailMessages: false, smsMessages: false },
      mails: 1,
      texts: 1,
    },
  ];
  for (const c of cases) {
    it(`${c.name}: ${c.mails} mail(s), ${c.texts} text(s)`, async () => {
      await setSwitches({ ...ALL_ON, ...c.switches });
      const { user, phone } = await userWith(c.prefs);
      const company = await createCompany(t.db, {
        ownerId: user.id,
        name: `Matrix Painting ${user.id}`,
        categorySlug: 'painting-finishing',
      });
      const { quote } = await submitTo([company.id]);
      await settled();
      const mails = t.smtp.to(user.email);
      expect(mails).toHaveLength(c.mails);
      if (c.mails) {
        expect(mails[0].subject).toBe(`New quote request for ${company.name}: Paint two rooms`);
        expect(mails[0].text).toContain(`${t.baseUrl}/vendorquotes?quote_id=${quote.id}`);
      }
      const texts = phone ? t.sms.to(phone) : [];
      expect(texts).toHaveLength(c.texts);
      if (c.texts)
        expect(texts[0].body).toMatch(/^LocalPros: New quote request "Paint two rooms".*Reply STOP to opt out, HELP for help\.$/);
    });
  }

  it('sends no claim link to an unclaimed listing while the platform switches are off', async () => {
    await setSwitches({ ...ALL_ON, emailQuotes: false, smsQuotes: false });
    const listing = await createCompany(t.db, { email: 'silent.listing@example.com' });
    await submitTo([listing.id]);
    await settled();
    expect(t.smtp.to('silent.listing@example.com')).toHaveLength(0);
  });
});

describe('notices of a new message to the other side', () => {
  async function conversation(vendorPrefs: Partial<Preferences>, customerPrefs: Partial<Preferences>) {
    const vendor = await userWith(vendorPrefs);
    await giveCoins(t.db, vendor.user.id, 100);
    const company = await createCompany(t.db, {
      ownerId: vendor.user.id,
      name: `Chatty Movers ${vendor.user.id}`,
      categorySlug: 'moving-services',
    });
    const customer = await userWith(customerPrefs);
    const quote = await createQuote(t.db, { userId: customer.user.id, companyIds: [company.id] });
    const url = `/api/quotes/${quote.id}/companies/${company.id}/messages`;
    const customerCookie = await loginAs(t.app, customer.user);
    const vendorCookie = await loginAs(t.app, vendor.user);
    return {
      vendor,
      customer,
      company,
      quote,
      fromCustomer: (message: string) => call('POST', url, customerCookie, { message }),
      // As the vendor inbox does: the reply confirms the cost the inbox showed.
      fromVendor: async (message: string) => {
        const { coinCost } = (await call('GET', url.replace(/messages$/, 'coin-cost'), vendorCookie)).json();
        return call('POST', url, vendorCookie, { message, coinCost });
      },
    };
  }

  it('mails the vendor when the customer writes and the customer when the vendor answers, once per 10 minutes', async () => {
    const c = await conversation({}, { text: true, textMessages: true, phone: true });
    expect((await c.fromCustomer('Can you move a piano on Saturday?')).statusCode).toBe(201);
    await settled();
    const [toVendor] = t.smtp.to(c.vendor.user.email);
    expect(toVendor.subject).toBe(
      'New message from Quinn R. about Kitchen sink repair'.replace(
        'Quinn R.',
        `${c.customer.user.firstName} ${c.customer.user.lastName[0]}.`,
      ),
    );
    expect(toVendor.text).toContain('Can you move a piano on Saturday?');
    expect(toVendor.text).toContain(`${t.baseUrl}/vendorquotes/${c.quote.id}?company=${c.company.id}`);

    expect((await c.fromVendor('Yes, we have a piano dolly.')).statusCode).toBe(201);
    await settled();
    const [toCustomer] = t.smtp.to(c.customer.user.email);
    expect(toCustomer.subject).toBe(`New message from ${c.company.name} about Kitchen sink repair`);
    expect(toCustomer.text).toContain(`${t.baseUrl}/quotes/${c.quote.id}/edit?company=${c.company.id}`);
    const [text] = t.sms.to(c.customer.phone!);
    expect(text.body).toContain(`New message from ${c.company.name}`);
    expect(text.body).toMatch(/Reply STOP to opt out, HELP for help\.$/);

    // A lively chat: more messages in the same window add no notices.
    await c.fromVendor('We can be there at 9.');
    await c.fromCustomer('Great.');
    await settled();
    expect(t.smtp.to(c.vendor.user.email)).toHaveLength(1);
    expect(t.smtp.to(c.customer.user.email)).toHaveLength(1);
    expect(t.sms.to(c.customer.phone!)).toHaveLength(1);
  });

  it('honours message preferences and the platform switches for messages', async () => {
    const quiet = await conversation({ emailMessages: false }, { email: false });
    await quiet.fromCustomer('Hello?');
    await quiet.fromVendor('Hi!');
    await settled();
    expect(t.smtp.to(quiet.vendor.user.email)).toHaveLength(0);
    expect(t.smtp.to(quiet.customer.user.email)).toHaveLength(0);

    await setSwitches({ ...ALL_ON, emailMessages: false, smsMessages: false });
    const off = await conversation({ text: true, textMessages: true, phone: true }, {});
    await off.fromCustomer('Anyone there?');
    await settled();
    expect(t.smtp.to(off.vendor.user.email)).toHaveLength(0);
    expect(t.sms.to(off.vendor.phone!)).toHaveLength(0);
  });
});

describe('outages', () => {
  it('keeps mail and texts through an SMTP and SMS outage and delivers each exactly once afterwards', async () => {
    const owners = await Promise.all([1, 2, 3].map(() => userWith({ text: true, textQuotes: true, phone: true })));
    const companiesOfOwners = await Promise.all(
      owners.map((o, i) =>
        createCompany(t.db, { ownerId: o.user.id, name: `Outage Roofing ${i} ${o.user.id}`, categorySlug: 'roofing-gutters' }),
      ),
    );
    t.smtp.failing = true;
    t.sms.failing = true;
    await submitTo(companiesOfOwners.map((c) => c.id));
    await settled();
    for (const o of owners) {
      expect(t.smtp.to(o.user.email)).toHaveLength(0);
      expect(t.sms.to(o.phone!)).toHaveLength(0);
    }
    const waiting = await t.db
      .select()
      .from(notificationOutbox)
      .where(
        sql`${notificationOutbox.kind} = 'quote_request' AND ${notificationOutbox.sentAt} IS NULL AND ${notificationOutbox.attempts} > 0`,
      );
    expect(waiting.length).toBeGreaterThanOrEqual(6);

    t.smtp.failing = false;
    t.sms.failing = false;
    // The backoff passes; two nodes' worth of pokes race to send.
    await t.db
      .update(notificationOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(sql`${notificationOutbox.sentAt} IS NULL`);
    t.app.services.outbox.poke();
    t.app.services.outbox.poke();
    await settled();
    await settled();
    for (const o of owners) {
      expect(t.smtp.to(o.user.email)).toHaveLength(1);
      expect(t.sms.to(o.phone!)).toHaveLength(1);
    }
  });
});
