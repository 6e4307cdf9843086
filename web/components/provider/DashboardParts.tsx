// The provider's dashboard, its parts (web/routes/dashboard._index.tsx lays them out): a section with its count, a
// booking's line, the time left to answer, and the to-do list with its one-line answers (a request waits there alone).
import { Form } from "@remix-run/react";
import { CalendarDays, MapPin, UserRound } from "lucide-react";
import type { ReactNode } from "react";
import { titleAndDescription } from "../../../domain/bookings/jobText";
import type { BookingView } from "../../../domain/bookings/view";
import type { ToDoItem } from "../../../domain/dashboard/toDo";
import { clip } from "../../../domain/text/clip";
import { formatDay } from "../../../domain/text/dates";
import { formatPhoneForDisplay } from "../../../domain/text/phone";
import { useLanguage, useTranslation } from "../../i18n/react";
import { card, primaryButton, secondaryButton } from "../admin/shared";
import { useCount } from "./money";

export function Section({
  title,
  id,
  children,
  count,
}: {
  title: string;
  id: string;
  children: ReactNode;
  count?: number;
}) {
  const format = useCount();
  return (
    <section className={`${card} min-w-0`} aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-lg font-bold">
        {title}
        {count !== undefined && count > 0 && (
          <span className="rounded-full bg-amber-100 px-2 text-sm text-amber-800">{format(count)}</span>
        )}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-stone-600">{children}</p>;
}

export function useDate() {
  const { locale } = useLanguage();
  return (ymd: string) => formatDay(ymd.slice(0, 10), locale);
}

export function BookingLine({ booking, children }: { booking: BookingView; children?: ReactNode }) {
  const { t } = useTranslation();
  const date = useDate();
  const job = titleAndDescription(booking.serviceDescription);
  return (
    <li className="rounded-xl border border-stone-200 p-3" data-testid="dashboard-booking">
      <p className="text-xs text-stone-500">{t("booking.reference", { id: booking.id })}</p>
      {/* the title apart from the description, and who booked */}
      <p dir="auto" className="text-start font-medium break-words">
        {clip(job.title, 80) || t("account.jobRemoved")}
      </p>
      <p className="mt-0.5 flex items-center gap-1 text-sm text-stone-700" data-testid="booking-customer">
        <UserRound aria-hidden className="size-4 shrink-0" />
        {booking.customerName ? <bdi>{booking.customerName}</bdi> : t("account.formerCustomer")}
      </p>
      <DescriptionAndPlace description={job.description} place={booking.customerLocation} />
      {booking.preferredDate && (
        <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-600">
          <CalendarDays aria-hidden className="size-4 shrink-0" />
          {date(booking.preferredDate)}
          {booking.preferredTime ? ` · ${t(`booking.${booking.preferredTime}`)}` : ""}
        </p>
      )}
      <p className="mt-1 text-sm">
        <a href={`tel:${booking.customerPhone}`} className="font-medium text-brand-700">
          <bdi dir="ltr" className="phone">
            {formatPhoneForDisplay(booking.customerPhone)}
          </bdi>
        </a>
      </p>
      {children}
    </li>
  );
}

export function TimeLeft({ expiresAt, now }: { expiresAt: string | Date; now: number }) {
  const { t } = useTranslation();
  const count = useCount();
  const ms = new Date(expiresAt).getTime() - now;
  if (ms < 60_000) return <p className="mt-2 text-sm font-medium text-red-700">{t("dashboard.expiresSoon")}</p>;
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  return (
    <p className="mt-2 text-sm font-medium text-amber-800" data-testid="time-left">
      {t("dashboard.expiresIn", { hours: count(hours), minutes: count(minutes) })}
    </p>
  );
}

/**
 * What waits on the provider, newest first, each with its buttons: a new request (accept, decline), a customer's other
 * day (accept, decline), a "did not come" claim (the booking), a review (a reply).
 */
/** A to-do item answered in one line: a review's reply, an answer to "did not come". */
function OneLineAnswer({
  intent,
  about,
  field,
  maxLength,
  label,
  send,
  busy,
}: {
  intent: string;
  about: Record<string, number>;
  field: string;
  maxLength: number;
  label: string;
  send: string;
  busy: boolean;
}) {
  return (
    <Form method="post" className="mt-2 flex gap-2">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(about).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input
        name={field}
        required
        maxLength={maxLength}
        aria-label={label}
        placeholder={label}
        className="min-h-11 min-w-0 flex-1 rounded-xl border border-stone-300 px-3"
      />
      <button type="submit" disabled={busy} className={primaryButton}>
        {send}
      </button>
    </Form>
  );
}

/** The job's description under its title, and where it is: a booking's line and a waiting request show both alike. */
function DescriptionAndPlace({ description, place }: { description: string | null; place: string }) {
  return (
    <>
      {description && (
        <p dir="auto" className="mt-1 text-start text-sm text-stone-700 break-words">
          {clip(description, 140)}
        </p>
      )}
      <p className="mt-1 flex items-center gap-1.5 text-sm text-stone-600">
        <MapPin aria-hidden className="size-4 shrink-0" />
        <bdi className="min-w-0 break-words">{place}</bdi>
      </p>
    </>
  );
}

/** A request's address, phone and time left to answer: the to-do is the one place a request waits, with all of it. */
function RequestDetails({ booking, now }: { booking: WaitingRequest; now: number }) {
  const job = titleAndDescription(booking.serviceDescription);
  return (
    <>
      <DescriptionAndPlace description={job.description} place={booking.customerLocation} />
      <p className="mt-1 text-sm">
        <a href={`tel:${booking.customerPhone}`} className="font-medium text-brand-700">
          <bdi dir="ltr" className="phone">
            {formatPhoneForDisplay(booking.customerPhone)}
          </bdi>
        </a>
      </p>
      <TimeLeft expiresAt={booking.expiresAt} now={now} />
    </>
  );
}

export type WaitingRequest = Pick<BookingView, "serviceDescription" | "customerLocation" | "customerPhone"> & {
  expiresAt: string | Date;
};

/** A to-do's key: its kind and the id of what it is about. */
function todoKey(item: ToDoItem) {
  const id = item.kind === "day" ? item.proposalId : item.kind === "review" ? item.reviewId : item.bookingId;
  return `${item.kind}-${id}`;
}

export function ToDoList({
  items,
  busy,
  requests = {},
  now = Date.now(),
}: {
  items: ToDoItem[];
  busy: boolean;
  requests?: Record<number, WaitingRequest>;
  now?: number;
}) {
  const { t } = useTranslation();
  const date = useDate();
  const who = (name: string | null) => (name ? <bdi>{name}</bdi> : t("account.formerCustomer"));
  return (
    <Section title={t("dashboard.todo.title")} id="todo" count={items.length}>
      {items.length === 0 ? (
        <Empty>{t("dashboard.todo.empty")}</Empty>
      ) : (
        <ul className="space-y-2">
          {items.map((item) => (
            <li
              key={todoKey(item)}
              className="rounded-xl border border-stone-200 p-3"
              data-testid="todo-item"
              data-kind={item.kind}
            >
              <p className="text-xs font-semibold text-amber-800">
                {t(`dashboard.todo.${item.kind}`, { id: item.bookingId })}
              </p>
              {item.kind === "request" && (
                <>
                  <p dir="auto" className="text-start font-medium break-words">
                    {item.job}
                  </p>
                  <p className="text-sm text-stone-600">
                    {who(item.customer)}
                    {item.date ? <> · {date(item.date)}</> : null}
                    {item.time ? ` · ${t(`booking.${item.time}`)}` : ""}
                  </p>
                  {requests[item.bookingId] && <RequestDetails booking={requests[item.bookingId]!} now={now} />}
                  <Form method="post" className="mt-2 flex gap-2">
                    <input type="hidden" name="bookingId" value={item.bookingId} />
                    <button type="submit" name="intent" value="accept" disabled={busy} className={primaryButton}>
                      {t("booking.accept")}
                    </button>
                    <button type="submit" name="intent" value="decline" disabled={busy} className={secondaryButton}>
                      {t("booking.decline")}
                    </button>
                  </Form>
                </>
              )}
              {item.kind === "day" && (
                <>
                  <p className="text-sm">
                    {who(item.customer)} · {date(item.date)} · {t(`booking.${item.time}`)}
                  </p>
                  <Form method="post" className="mt-2 flex gap-2">
                    <input type="hidden" name="proposalId" value={item.proposalId} />
                    <button type="submit" name="intent" value="acceptDay" disabled={busy} className={primaryButton}>
                      {t("changeDay.acceptButton", { id: item.bookingId })}
                    </button>
                    <button type="submit" name="intent" value="declineDay" disabled={busy} className={secondaryButton}>
                      {t("changeDay.declineButton", { id: item.bookingId })}
                    </button>
                  </Form>
                </>
              )}
              {item.kind === "noShow" && (
                <>
                  <p dir="auto" className="text-start break-words">
                    {item.job} · {who(item.customer)}
                  </p>
                  <OneLineAnswer
                    intent="answerNoShow"
                    about={{ bookingId: item.bookingId }}
                    field="answer"
                    maxLength={1000}
                    label={t("booking.noShowAnswerLabel")}
                    send={t("booking.noShowAnswerSend")}
                    busy={busy}
                  />
                </>
              )}
              {item.kind === "review" && (
                <>
                  <p className="text-sm">
                    {"★".repeat(item.rating)} · {who(item.customer)}
                  </p>
                  {item.comment && (
                    <p dir="auto" className="text-start text-sm break-words">
                      {clip(item.comment, 140)}
                    </p>
                  )}
                  <OneLineAnswer
                    intent="reply"
                    about={{ reviewId: item.reviewId }}
                    field="reply"
                    maxLength={500}
                    label={t("dashboard.todo.replyLabel")}
                    send={t("dashboard.todo.reply")}
                    busy={busy}
                  />
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
