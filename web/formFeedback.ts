import { useNavigation, useFetchers } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * Feedback where the eye is: when a form's answer has rendered, focus moves to what the person must read next, and the
 * page scrolls it into view on a small phone:
 * - a failed submit: the first field in error (`aria-invalid`), else the form's alert;
 * - a success that stays on the page: its status message (`role="status"`, or `data-form-success`).
 * A form whose answer is another page (a redirect) is left to that page.
 * It also runs once at hydration, for a form posted before the JavaScript came (paint-first, ADR 020): the
 * server rendered its errors, and the first one gets the focus.
 */
export function useFormFeedback(): void {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const submitted = useRef<{ form: HTMLFormElement; path: string } | null>(null);
  const busy = navigation.state !== "idle" || fetchers.some((f) => f.state !== "idle");

  useEffect(() => {
    const onSubmit = (e: SubmitEvent) => {
      if (e.target instanceof HTMLFormElement && e.target.method.toLowerCase() === "post")
        submitted.current = { form: e.target, path: location.pathname };
    };
    document.addEventListener("submit", onSubmit);
    // a form answered by the server before hydration
    const first = document.querySelector<HTMLElement>('main [aria-invalid="true"]');
    if (first && document.activeElement === document.body) reveal(first);
    return () => document.removeEventListener("submit", onSubmit);
  }, []);

  useEffect(() => {
    if (busy || !submitted.current) return;
    const { form, path } = submitted.current;
    submitted.current = null;
    // another page answered: its own heading and focus rules apply
    if (path !== location.pathname) return;
    const scope: Element | Document = form.isConnected ? form : (document.querySelector("main") ?? document);
    const target =
      scope.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      scope.querySelector<HTMLElement>('[role="alert"]') ??
      scope.querySelector<HTMLElement>('[role="status"], [data-form-success]') ??
      // a success message that replaced the form, or sits beside it
      form.parentElement?.querySelector<HTMLElement>('[role="status"], [data-form-success], [role="alert"]') ??
      null;
    if (target) reveal(target);
  }, [busy]);
}

function reveal(el: HTMLElement) {
  // a message gets focus too, so a screen reader reads it and the keyboard continues from there
  if (!/^(INPUT|SELECT|TEXTAREA|BUTTON|A)$/.test(el.tagName) && !el.hasAttribute("tabindex"))
    el.setAttribute("tabindex", "-1");
  el.focus({ preventScroll: true });
  el.scrollIntoView({ block: "center", behavior: "instant" as ScrollBehavior });
}
