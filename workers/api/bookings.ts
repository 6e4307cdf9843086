import { resendBooking } from "../../domain/bookings/resendBooking";
import { Hono } from "hono";
import { BOOKING_ACTIONS, changeBookingStatus, type BookingAction } from "../../domain/bookings/changeBookingStatus";
import { createBooking } from "../../domain/bookings/createBooking";
import { listMyBookings } from "../../domain/bookings/listMyBookings";
import { getMyBooking } from "../../domain/bookings/getMyBooking";
import { myArchivedBookings, myArchivedMonths } from "../../domain/bookings/archive";
import { answerDayProposal, dayProposalsOf, proposeDay } from "../../domain/bookings/changeDay";
import { onMyWay } from "../../domain/bookings/onTheWay";
import { ServiceError } from "../../domain/errors";
import { recordPayment } from "../../domain/bookings/recordPayment";
import { createReview } from "../../domain/reviews/createReview";
import { replyToReview } from "../../domain/reviews/replyToReview";
import { confirmBooking } from "../../domain/bookings/confirmBooking";
import { answerNoShow, reportNoShow } from "../../domain/bookings/noShow";
import type { AppBindings } from "../env";
import { ctxOf } from "./context";
import { jsonBody } from "./body";

/** The provider's one answer to a review of their listing: POST /api/reviews/:id/reply { reply }. */
export const reviewsApi = new Hono<AppBindings>().post("/:id/reply", async (c) =>
  c.json(await replyToReview(ctxOf(c), c.req.param("id"), await jsonBody(c)), 201),
);

export const bookingsApi = new Hono<AppBindings>()
  .get("/", async (c) => c.json(await listMyBookings(ctxOf(c))))
  .post("/", async (c) => {
    const body = (await jsonBody(c)) as Record<string, unknown>;
    // the customer is the session's user: a customerId in the body is ignored
    const { customerId: _ignored, ...input } = body ?? {};
    const { booking, created } = await createBooking(ctxOf(c), {
      ...input,
      idempotencyKey: input.idempotencyKey ?? c.req.header("Idempotency-Key"),
    });
    return c.json(booking, created ? 201 : 200);
  })
  // closed bookings past 60 days (ADR 062): the months that hold
  // some, one month's, and any one booking, live or archived
  .get("/older", async (c) => c.json({ months: await myArchivedMonths(ctxOf(c)) }))
  .get("/older/:month", async (c) => c.json(await myArchivedBookings(ctxOf(c), c.req.param("month"))))
  .get("/:id", async (c) => c.json(await getMyBooking(ctxOf(c), c.req.param("id"))))
  // another day for the booking (ADR 044): its proposals, a new one, and the other side's answer
  .get("/:id/proposals", async (c) => c.json(await dayProposalsOf(ctxOf(c), c.req.param("id"))))
  .post("/:id/proposals", async (c) => c.json(await proposeDay(ctxOf(c), c.req.param("id"), await jsonBody(c)), 201))
  .post("/proposals/:proposalId/:answer", async (c) => {
    const answer = c.req.param("answer");
    if (answer !== "accept" && answer !== "decline") throw new ServiceError("NOT_FOUND", "errors.notFound");
    return c.json(await answerDayProposal(ctxOf(c), c.req.param("proposalId"), answer));
  })
  // the provider is on the way: the customer is told once
  .post("/:id/on-my-way", async (c) => c.json((await onMyWay(ctxOf(c), c.req.param("id"))).booking))
  .post("/:id/payment", async (c) => c.json(await recordPayment(ctxOf(c), c.req.param("id"), await jsonBody(c)), 201))
  .post("/:id/review", async (c) => c.json(await createReview(ctxOf(c), c.req.param("id"), await jsonBody(c)), 201))
  // after the booking: the customer confirms; either side says the other did not come
  .post("/:id/confirm", async (c) => c.json(await confirmBooking(ctxOf(c), c.req.param("id"))))
  .post("/:id/no-show", async (c) => c.json(await reportNoShow(ctxOf(c), c.req.param("id"))))
  // the side said to be absent answers, once, within 48 hours: { answer }
  .post("/:id/no-show/answer", async (c) => c.json(await answerNoShow(ctxOf(c), c.req.param("id"), await jsonBody(c))))
  // the same request again to another listing, from an unanswered one's notice
  .post("/:id/resend/:providerId", async (c) => {
    const { booking, created } = await resendBooking(ctxOf(c), c.req.param("id"), c.req.param("providerId"));
    return c.json(booking, created ? 201 : 200);
  })
  .post("/:id/:action", async (c) => {
    const action = c.req.param("action") as BookingAction;
    if (!BOOKING_ACTIONS.includes(action)) throw new ServiceError("NOT_FOUND", "errors.notFound");
    // "complete" may carry { amount }: the cash received (ADR 012)
    const extra = c.req.header("Content-Type")?.includes("json") ? await jsonBody(c) : undefined;
    return c.json(await changeBookingStatus(ctxOf(c), c.req.param("id"), action, extra));
  });
