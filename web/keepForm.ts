/**
 * What was typed in a form survives a language switch. The switch is a real link that the server renders anew (ADR
 * 026), so a form marked `data-keep-across-language` is written to sessionStorage when a language is chosen in the
 * header's language menu and put back once the page in the other language has hydrated. Hidden fields (an idempotency
 * key), passwords and files are never kept. All of it lives in the form's own page (the header carries none of it:
 * first-load JS budget, ADR 020). The same form is kept through a reload too: written as the page goes away, unless it
 * goes because the form was sent.
 */
import { useEffect, type RefObject } from "react";

const keyOf = (pathname: string) => `dalil:form:${pathname}`;

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
const isField = (el: unknown): el is Field =>
  el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement;

/** Keeps this page's marked form, if it has one (a language link is being followed). */
function keepFormForLanguageSwitch() {
  const form = document.querySelector<HTMLFormElement>("form[data-keep-across-language]");
  if (!form) return;
  const values: [string, string][] = [];
  for (const el of Array.from(form.elements)) {
    if (!isField(el) || !el.name || ["hidden", "password", "file", "submit"].includes(el.type)) continue;
    if (el instanceof HTMLInputElement && (el.type === "radio" || el.type === "checkbox") && !el.checked) continue;
    values.push([el.name, el.value]);
  }
  try {
    sessionStorage.setItem(keyOf(location.pathname), JSON.stringify(values));
  } catch {
    // private mode or full storage: the switch still works, the form starts empty
  }
}

/**
 * Keeps the form when a language link is followed, and puts back what was kept for this page, once, after hydration.
 */
export function useFormKeptAcrossLanguage(form: RefObject<HTMLFormElement>) {
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (e.target instanceof Element && e.target.closest("[data-testid=language-menu] a")) keepFormForLanguageSwitch();
    };
    // captured before the navigation starts; removed when the page goes
    document.addEventListener("click", onClick, true);
    // …and through a reload: kept as the page goes, unless it goes because the form was sent
    let sending = false;
    const onSubmit = (e: SubmitEvent) => {
      if (e.target === form.current) sending = true;
    };
    const onHide = () => {
      if (!sending) keepFormForLanguageSwitch();
    };
    document.addEventListener("submit", onSubmit, true);
    window.addEventListener("pagehide", onHide);
    return () => {
      document.removeEventListener("click", onClick, true);
      document.removeEventListener("submit", onSubmit, true);
      window.removeEventListener("pagehide", onHide);
    };
  }, [form]);
  useEffect(() => {
    let values: [string, string][];
    try {
      const raw = sessionStorage.getItem(keyOf(location.pathname));
      if (!raw) return;
      sessionStorage.removeItem(keyOf(location.pathname));
      values = JSON.parse(raw) as [string, string][];
    } catch {
      return;
    }
    const el = form.current;
    if (!el || !Array.isArray(values)) return;
    for (const [name, value] of values) {
      for (const field of Array.from(el.elements)) {
        if (!isField(field) || field.name !== name) continue;
        if (field instanceof HTMLInputElement && (field.type === "radio" || field.type === "checkbox")) {
          // a click, so a choice kept in React state (the day picker) follows too
          if (field.value === value && !field.checked) field.click();
        } else if (field.type !== "hidden") {
          field.value = value;
        }
      }
    }
  }, [form]);
}
