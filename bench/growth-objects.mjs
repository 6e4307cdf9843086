// The growth bench's Durable Object lines (bench/growth.mjs): each person's bell, a chat's handled updates, the
// rate limits' slots and sign-in sessions, as read from the objects' files after the month, priced at a million
// active users beside D1.

/** Cloudflare: an empty SQLite-backed Durable Object takes about 12 KB (docs/SCALE notes; DO limits page) */
const EMPTY_OBJECT_BYTES = 12_000;
const GB = 1e9;

/**
 * Prints the objects' storage and requests per person and at 1,000,000 active users. `bells` and `ttl` are what
 * growth-measure.mjs read from the objects' files, `users` the month's active users, `overhead` D1's pages per
 * record byte as measured, `d1Gb` D1's size at a million users for the closing comparison.
 */
export function reportObjects({ bells, ttl, users: USERS, overhead, d1Gb }) {
  // the bell, in each person's object (ADR 051): one month's rows per active user, kept in the object as its
  // alarm keeps them (read: 6 months, unread: 3, at most 500), and priced at Cloudflare's Durable Object rates
  const PRICE = {
    storageGbMonth: 0.2,
    storageIncludedGb: 5,
    requestsPerM: 0.15,
    requestsIncludedM: 1,
    rowsWrittenPerM: 1,
    rowsWrittenIncludedM: 50,
  };
  const bellRowBytes = bells.rows ? bells.bytes / bells.rows : 0;
  const readShare = bells.rows ? bells.readRows / bells.rows : 0;
  const bellMonth = bells.bytes / USERS;
  // at steady state one person's bell holds 6 months of read rows and 3 of unread ones
  const bellHeld = bellMonth * (readShare * 6 + (1 - readShare) * 3);
  const objectPages = bells.withBell ? bells.fileBytes / bells.objects : 0;
  const perPerson = bellHeld * overhead + EMPTY_OBJECT_BYTES;
  const doTotalGb = (perPerson * 1e6) / GB;
  const notificationsPerMonth = (bells.rows / USERS) * 1e6;
  // each notification: one request to the object (the add), and the table's row plus its two index entries written
  const doCost =
    Math.max(0, doTotalGb - PRICE.storageIncludedGb) * PRICE.storageGbMonth +
    Math.max(0, notificationsPerMonth / 1e6 - PRICE.requestsIncludedM) * PRICE.requestsPerM +
    Math.max(0, (notificationsPerMonth * 3) / 1e6 - PRICE.rowsWrittenIncludedM) * PRICE.rowsWrittenPerM;
  console.log(
    `\nThe bell in each person's Durable Object (ADR 051): ${(bells.rows / USERS).toFixed(2)} notifications ` +
      `and ${Math.round(bellMonth)} record bytes per active user per month ` +
      (`(${Math.round(bellRowBytes)} B a row, ${(readShare * 100).toFixed(0)} % read); ${bells.withBell} ` +
        `of ${bells.objects} objects hold one; their files average ${Math.round(objectPages)} B on this run`),
  );
  console.log(
    `Durable Objects at 1,000,000 active users: ${(perPerson / 1000).toFixed(1)} KB per person ` +
      `(${Math.round(bellHeld * overhead)} B of bell kept + ${EMPTY_OBJECT_BYTES} B an empty SQLite object), ` +
      (`${doTotalGb.toFixed(1)} GB in total, about $${doCost.toFixed(2)} a month (storage ` +
        `$${PRICE.storageGbMonth}/GB-month beyond ${PRICE.storageIncludedGb} GB, `) +
      (`${(notificationsPerMonth / 1e6).toFixed(1)} M notifications a month as requests and rows written); D1 ` +
        `writes per notification: 0 (D1 has no notification table)`),
  );
  // handled bot updates and rate-limit slots (ADR 054): a chat's claims are kept 30 days (one month at steady
  // state), a limit's slots at most their window (an hour, a day at most): at steady state what a person holds
  // there is a month of claims; the slots are priced as requests and rows written
  const claimsMonth = ttl.claims / USERS;
  const slotsMonth = ttl.slots / USERS;
  // a chat's object holds its month of handled updates in a SQLite file of its own (its pages as measured here)
  const chatFile = ttl.chatObjects ? ttl.chatFileBytes / ttl.chatObjects : 0;
  const ttlHeld = Math.max((ttl.claimBytes / USERS) * overhead, chatFile);
  const ttlRequests = ((ttl.claims + ttl.slots) / USERS) * 1e6;
  const ttlCost =
    (ttlRequests / 1e6) * PRICE.requestsPerM +
    ((ttlRequests * 2) / 1e6) * PRICE.rowsWrittenPerM +
    ((ttlHeld * 1e6) / GB) * PRICE.storageGbMonth;
  console.log(
    `Handled bot updates, sent messages' dedupe keys and rate-limit slots in their own objects (ADR ` +
      `054): ${claimsMonth.toFixed(2)} handled updates and dedupe keys and ${slotsMonth.toFixed(2)} limit ` +
      `slots per active user per month ` +
      (`in ${ttl.objects} objects; held at steady state ${Math.round(ttlHeld)} B per person (a chat object's ` +
        `file with its month of handled updates, ${Math.round((ttl.claimBytes / USERS) * overhead)} B of them ` +
        `records; slots leave within their window), `) +
      (`${((ttlHeld * 1e6) / GB).toFixed(2)} GB at a million people; ${(ttlRequests / 1e6).toFixed(1)} M ` +
        `requests a month; about $${ttlCost.toFixed(2)} a month as requests, rows written (the row and its ` +
        `index entry, as D1 billed them) and storage, before the included amounts`),
  );
  // sign-in sessions in each person's object (ADR 054's amendment): kept 30 days, so a person holds a month's
  const sessionsMonth = bells.sessions / USERS;
  const sessionHeld = (bells.sessionBytes / USERS) * overhead;
  // each session: one request and its row and index entry written
  // at sign-in; each signed-in request asks the object once
  const sessionWrites = sessionsMonth * 1e6 * 2;
  console.log(
    `Sign-in sessions in each person's object (ADR 054's amendment): ${sessionsMonth.toFixed(2)} per active ` +
      `user per month, ${Math.round(sessionHeld)} B held per person at steady state ` +
      (`(a month's, each kept until it expires), ${((sessionHeld * 1e6) / GB).toFixed(2)} GB at a million ` +
        `people; ${(sessionWrites / 1e6).toFixed(1)} M rows written a month; D1 rows per session: 0`),
  );
  const doPerPerson = perPerson + ttlHeld + sessionHeld;
  const doGb = (doPerPerson * 1e6) / GB;
  const doStorageCost = Math.max(0, doGb - PRICE.storageIncludedGb) * PRICE.storageGbMonth;
  const D1_PRICE = { storageGbMonth: 0.75, storageIncludedGb: 5 };
  console.log(
    `Durable Object storage at 1,000,000 active users: ${(doPerPerson / 1000).toFixed(1)} KB per person ` +
      `(bell and its object ${(perPerson / 1000).toFixed(1)} KB, ` +
      (`a chat's handled updates ${(ttlHeld / 1000).toFixed(1)} KB, ` +
        `sessions ${(sessionHeld / 1000).toFixed(2)} KB), ${doGb.toFixed(1)} GB in total, `) +
      (`$${doStorageCost.toFixed(2)} a month of storage ($${PRICE.storageGbMonth}/GB-month ` +
        `beyond ${PRICE.storageIncludedGb} GB); `) +
      (`D1 ${d1Gb.toFixed(1)} GB, ` +
        `$${(Math.max(0, d1Gb - D1_PRICE.storageIncludedGb) * D1_PRICE.storageGbMonth).toFixed(2)} a month of ` +
        `storage ($${D1_PRICE.storageGbMonth}/GB-month beyond ${D1_PRICE.storageIncludedGb} GB)`),
  );
}
