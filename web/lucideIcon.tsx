import { createElement, forwardRef, type ReactNode, type SVGProps } from "react";

/**
 * Our stand-in for lucide-react's internal `Icon` (vite.config.ts swaps it in for `createLucideIcon`'s
 * import, in the browser and the server build alike; ADR 020). Every icon still comes from lucide-react;
 * what changes is the markup: lucide writes nine fixed presentation attributes on every `<svg>` (xmlns,
 * width, height, fill, stroke, stroke-width, -linecap, -linejoin, and its per-icon class names). Those
 * live once in CSS instead (`svg.lucide` in tailwind.css, in the base layer, so a utility such as
 * `size-4` or `fill-amber-400` still wins, as it won over the attributes), and each icon is written as
 * `<svg viewBox class aria-hidden>` and its shapes, the shapes as one HTML string per icon. The home page
 * draws ~70 icons: they were half of the attributes and ~230 of the ~600 elements React wrote for it.
 *
 * Props kept: className, size/width/height (as attributes, when given), color (stroke), strokeWidth
 * (inline style: it must beat the CSS default), children and any other SVG attribute; aria-hidden="true"
 * unless an aria-* prop, role or title is given (lucide's rule). Not kept: absoluteStrokeWidth,
 * nonScalingStroke and LucideProvider's context (nothing here uses them).
 */
interface IconData {
  name?: string;
  size?: number;
  node: [string, Record<string, string>][];
}

type Props = SVGProps<SVGSVGElement> & {
  icon?: IconData;
  iconNode?: IconData["node"];
  size?: number | string;
  color?: string;
  absoluteStrokeWidth?: boolean;
  nonScalingStroke?: boolean;
  children?: ReactNode;
};

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const attrName = (k: string) => k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const shapesCache = new WeakMap<IconData["node"], { __html: string }>();

/**
 * An icon's shapes as one HTML string, built once per icon for the isolate's or the page's life: React
 * writes them as one piece instead of an element per path (a card's five stars were ten elements).
 */
function shapesHtml(node: IconData["node"]): { __html: string } {
  let html = shapesCache.get(node);
  if (!html) {
    const parts = node.map(([tag, attrs]) => {
      const a = Object.entries(attrs)
        .filter(([k]) => k !== "key")
        .map(([k, v]) => ` ${attrName(k)}="${String(v).replace(/[&<>"]/g, (c) => ESCAPES[c]!)}"`)
        .join("");
      return `<${tag}${a}></${tag}>`;
    });
    html = { __html: parts.join("") };
    shapesCache.set(node, html);
  }
  return html;
}

const hasA11yProp = (props: Record<string, unknown>) =>
  Object.keys(props).some((p) => p.startsWith("aria-") || p === "role" || p === "title");

const Icon = forwardRef<SVGSVGElement, Props>(function Icon(
  {
    icon,
    iconNode,
    className,
    size,
    width,
    height,
    color,
    strokeWidth,
    style,
    absoluteStrokeWidth: _a,
    nonScalingStroke: _n,
    children,
    ...rest
  },
  ref,
) {
  const node = icon?.node ?? iconNode ?? [];
  const box = icon?.size ?? 24;
  return createElement(
    "svg",
    {
      ref,
      viewBox: `0 0 ${box} ${box}`,
      className: className ? `lucide ${className}` : "lucide",
      width: width ?? size,
      height: height ?? size,
      stroke: color,
      style: strokeWidth === undefined ? style : { ...style, strokeWidth },
      ...(hasA11yProp(rest) ? {} : { "aria-hidden": "true" }),
      ...rest,
      ...(children == null ? { dangerouslySetInnerHTML: shapesHtml(node) } : {}),
    },
    ...(children == null ? [] : [...node.map(([tag, attrs]) => createElement(tag, attrs)), children]),
  );
});

export default Icon;
