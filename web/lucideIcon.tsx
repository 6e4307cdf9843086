import { createElement, forwardRef, type ReactNode, type SVGProps } from "react";

/**
 * Our stand-in for lucide-react's internal `Icon` (vite.config.ts swaps it in for `createLucideIcon`'s
 * import, in the browser and the server build alike; ADR 020). Every icon still comes from lucide-react;
 * what changes is the markup: lucide writes nine fixed presentation attributes on every `<svg>` (xmlns,
 * width, height, fill, stroke, stroke-width, -linecap, -linejoin, and its per-icon class names). Those
 * live once in CSS instead (`svg.lucide` in tailwind.css, in the base layer, so a utility such as
 * `size-4` or `fill-amber-400` still wins, as it won over the attributes), and each icon is written as
 * `<svg viewBox class aria-hidden>` and its shapes. The home page draws ~70 icons: this was half of the
 * attributes React wrote for it.
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

const hasA11yProp = (props: Record<string, unknown>) =>
  Object.keys(props).some((p) => p.startsWith("aria-") || p === "role" || p === "title");

const Icon = forwardRef<SVGSVGElement, Props>(function Icon(
  { icon, iconNode, className, size, width, height, color, strokeWidth, style, absoluteStrokeWidth: _a, nonScalingStroke: _n, children, ...rest },
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
    },
    ...node.map(([tag, attrs]) => createElement(tag, attrs)),
    children,
  );
});

export default Icon;
