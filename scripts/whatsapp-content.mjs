#!/usr/bin/env node
// Creates Dalil's WhatsApp content templates through Twilio's Content API
// and prints the `wrangler secret put` lines for their SIDs (ADR 035).
//
//   TWILIO_ACCOUNT_SID=AC… TWILIO_AUTH_TOKEN=… node scripts/whatsapp-content.mjs [--submit] [--base URL] [--dry-run]
//
// - the choice templates (QUICK_1..3: twilio/quick-reply; LIST_4..10: twilio/list-picker), used inside the 24-hour
//   window: every text and id is a variable, so one template serves en, ar and ku; they need no approval;
// - the approved templates for messages outside the window (CODE, BOOKING, CHAT, UPDATE, REMINDER_CUSTOMER,
//   REMINDER_PROVIDER, REVIEW in EN and AR; WhatsApp
//   has no Kurdish templates): their copy is bot/whatsapp/templates.ts's, repeated here for the script;
//   `--submit` also asks WhatsApp to approve them (their category as given).
// `--base` (or TWILIO_CONTENT_BASE) points at another Content API, such as the local Twilio stand-in.

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

/** The choice templates: {{1}} the text, a list's button {{2}}, then each choice's title and id. */
export function choiceTemplates() {
  const out = [];
  for (const n of [1, 2, 3]) {
    const actions = Array.from({ length: n }, (_, i) => ({ title: `{{${2 + 2 * i}}}`, id: `{{${3 + 2 * i}}}` }));
    out.push({
      env: `TWILIO_CONTENT_QUICK_${n}`,
      body: {
        friendly_name: `dalil_quick_${n}`,
        language: "en",
        variables: Object.fromEntries([
          ["1", "What would you like to do?"],
          ...actions.flatMap((_, i) => [
            [String(2 + 2 * i), `Choice ${i + 1}`],
            [String(3 + 2 * i), `c${i + 1}`],
          ]),
        ]),
        types: { "twilio/quick-reply": { body: "{{1}}", actions }, "twilio/text": { body: "{{1}}" } },
      },
    });
  }
  for (const n of [4, 5, 6, 7, 8, 9, 10]) {
    const items = Array.from({ length: n }, (_, i) => ({
      item: `{{${3 + 2 * i}}}`,
      id: `{{${4 + 2 * i}}}`,
      description: `{{${3 + 2 * i}}}`,
    }));
    out.push({
      env: `TWILIO_CONTENT_LIST_${n}`,
      body: {
        friendly_name: `dalil_list_${n}`,
        language: "en",
        variables: Object.fromEntries([
          ["1", "What would you like to do?"],
          ["2", "Choose"],
          ...items.flatMap((_, i) => [
            [String(3 + 2 * i), `Choice ${i + 1}`],
            [String(4 + 2 * i), `c${i + 1}`],
          ]),
        ]),
        types: { "twilio/list-picker": { body: "{{1}}", button: "{{2}}", items }, "twilio/text": { body: "{{1}}" } },
      },
    });
  }
  return out;
}

/** The approved templates for outside the 24-hour window (copy as in bot/whatsapp/templates.ts). */
export function approvedTemplates() {
  const copy = {
    CODE: { category: "AUTHENTICATION" },
    BOOKING: {
      category: "UTILITY",
      en:
        "New Dalil booking request #{{1}} from {{2}}, {{3}}, in {{4}}: {{5}}. Reply to this message to accept or " +
        "decline it.",
      ar: "طلب حجز جديد في دليل رقم {{1}} من {{2}}، {{3}}، في {{4}}: {{5}}. ردّ على هذه الرسالة لقبوله أو رفضه.",
      samples: { 1: "12", 2: "Sara", 3: "Wednesday, 25 November, Evening", 4: "Karrada", 5: "The AC blows warm air" },
    },
    CHAT: {
      category: "UTILITY",
      en: "New message on Dalil from {{1}} (conversation #{{2}}): {{3}} Reply to this message to answer {{1}}.",
      ar: "رسالة جديدة في دليل من {{1}} (المحادثة رقم {{2}}): {{3}} ردّ على هذه الرسالة للإجابة على {{1}}.",
      samples: { 1: "Sara", 2: "7", 3: "Can you come tomorrow?" },
    },
    UPDATE: {
      category: "UTILITY",
      en: "Update from Dalil: {{1}} Reply to this message to see your bookings.",
      ar: "تحديث من دليل: {{1}} ردّ على هذه الرسالة لرؤية حجوزاتك.",
      samples: { 1: "Ali accepted your booking #12." },
    },
    // the reminders and the review's ask (ADR 043): numbered answers pick the message's own choices
    REMINDER_CUSTOMER: {
      category: "UTILITY",
      en:
        "Reminder from Dalil: booking #{{1}} with {{2}}, {{3}}, at {{4}}. Reply 1 to confirm, 2 to change the " +
        "day, 3 to cancel.",
      ar:
        "تذكير من دليل: الحجز رقم {{1}} مع {{2}}، {{3}}، في {{4}}. ردّ بـ 1 للتأكيد، أو 2 لتغيير اليوم، أو 3 " +
        "للإلغاء.",
      samples: { 1: "12", 2: "Hawre", 3: "Thursday, 26 November, Morning (8AM-12PM)", 4: "Karrada, street 62" },
    },
    REMINDER_PROVIDER: {
      category: "UTILITY",
      en:
        "Reminder from Dalil: booking #{{1}} for {{2}}, {{3}}, at {{4}}. Reply 1 when you are on your way, 2 to " +
        "change the day, 3 if you can't make it.",
      ar:
        "تذكير من دليل: الحجز رقم {{1}} لـ {{2}}، {{3}}، في {{4}}. ردّ بـ 1 عندما تكون في الطريق، أو 2 لتغيير " +
        "اليوم، أو 3 إذا لم تستطع الحضور.",
      samples: { 1: "12", 2: "Sara", 3: "Thursday, 26 November, Morning (8AM-12PM)", 4: "Karrada, street 62" },
    },
    REVIEW: {
      category: "UTILITY",
      en: "How did {{1}} do on your Dalil booking #{{2}}? Reply with 1 to 5 stars (5 is best).",
      ar: "كيف كان عمل {{1}} في حجزك رقم {{2}} على دليل؟ ردّ برقم من 1 إلى 5 نجوم (5 هو الأفضل).",
      samples: { 1: "Hawre", 2: "12" },
    },
  };
  const out = [];
  for (const lang of ["en", "ar"]) {
    out.push({
      env: `TWILIO_TEMPLATE_CODE_${lang.toUpperCase()}`,
      category: "AUTHENTICATION",
      body: {
        friendly_name: `dalil_code_${lang}`,
        language: lang,
        variables: { 1: "123456" },
        types: {
          "whatsapp/authentication": {
            add_security_recommendation: true,
            actions: [{ type: "COPY_CODE", copy_code_text: lang === "ar" ? "نسخ الرمز" : "Copy code" }],
          },
        },
      },
    });
    for (const name of ["BOOKING", "CHAT", "UPDATE", "REMINDER_CUSTOMER", "REMINDER_PROVIDER", "REVIEW"]) {
      out.push({
        env: `TWILIO_TEMPLATE_${name}_${lang.toUpperCase()}`,
        category: copy[name].category,
        body: {
          friendly_name: `dalil_${name.toLowerCase()}_${lang}`,
          language: lang,
          variables: copy[name].samples,
          types: { "twilio/text": { body: copy[name][lang] } },
        },
      });
    }
  }
  return out;
}

async function main() {
  const base = (option("--base") || process.env.TWILIO_CONTENT_BASE || "https://content.twilio.com").replace(/\/$/, "");
  const templates = [...choiceTemplates(), ...approvedTemplates()];
  if (flag("--dry-run")) {
    console.log(JSON.stringify(templates, null, 2));
    return;
  }
  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token } = process.env;
  if (!sid || !token) {
    console.error("Set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN (or pass --dry-run to print the templates).");
    process.exit(2);
  }
  const auth = `Basic ${Buffer.from(`${sid}:${token}`).toString("base64")}`;
  const lines = [];
  for (const t of templates) {
    const res = await fetch(`${base}/v1/Content`, {
      method: "POST",
      headers: { Authorization: auth, "Content-Type": "application/json" },
      body: JSON.stringify(t.body),
    });
    const answer = await res.json().catch(() => ({}));
    if (!res.ok || !answer.sid) {
      console.error(`${t.body.friendly_name}: ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
      process.exitCode = 1;
      continue;
    }
    if (flag("--submit") && t.category) {
      const approval = await fetch(`${base}/v1/Content/${answer.sid}/ApprovalRequests/whatsapp`, {
        method: "POST",
        headers: { Authorization: auth, "Content-Type": "application/json" },
        body: JSON.stringify({ name: t.body.friendly_name, category: t.category }),
      });
      if (!approval.ok) console.error(`${t.body.friendly_name}: approval request ${approval.status}`);
    }
    lines.push(`echo ${answer.sid} | npx wrangler secret put ${t.env}`);
  }
  console.log(lines.join("\n"));
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
