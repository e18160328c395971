// A focus ring of at least 3:1 on every background (WCAG 2.2 focus appearance):
// a dark inner ring seen against light backgrounds and the yellow button, a yellow outer ring seen
// against the dark header. Read from the computed styles of focused controls.

import { type Locator, expect, test } from "./fixtures";

type Rgb = [number, number, number];

function parseColor(value: string): Rgb {
  const match = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(value);
  if (!match) throw new Error(`not a colour: ${value}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(a: Rgb, b: Rgb): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The ring's colours (outline, then the box-shadow's) and the backgrounds around the control. */
async function ringOf(control: Locator) {
  await control.focus();
  return control.evaluate((element) => {
    const style = getComputedStyle(element);
    const shadow = /rgba?\([^)]*\)/.exec(style.boxShadow)?.[0] ?? null;
    let parent = element.parentElement;
    let around = "rgb(255, 255, 255)";
    while (parent) {
      const background = getComputedStyle(parent).backgroundColor;
      if (background && !/rgba\(0, 0, 0, 0\)|transparent/.test(background)) {
        around = background;
        break;
      }
      parent = parent.parentElement;
    }
    return {
      outline: style.outlineColor,
      outlineWidth: parseFloat(style.outlineWidth),
      outlineStyle: style.outlineStyle,
      shadow,
      own: style.backgroundColor,
      around,
    };
  });
}

test("the focus ring stands out 3:1 on white, on the yellow button and in the dark header", async ({
  page,
  open,
}) => {
  await open("/register");
  const ratios: Record<string, number> = {};

  // On the yellow primary button: the ring next to the button's own colour.
  const button = await ringOf(page.getByRole("button", { name: "同意して登録する" }));
  expect(button.outlineStyle).toBe("solid");
  expect(button.outlineWidth).toBeGreaterThanOrEqual(2);
  ratios.button = contrast(parseColor(button.outline), parseColor(button.own));

  // A text input on the white page.
  const input = await ringOf(page.getByLabel("メールアドレス ※必須", { exact: true }));
  ratios.white = contrast(parseColor(input.outline), parseColor(input.around));

  // A link in the dark header: the outer ring against the header's colour.
  const headerLink = await ringOf(page.locator(".site-header a").first());
  const outer = headerLink.shadow ? parseColor(headerLink.shadow) : parseColor(headerLink.outline);
  ratios.header = Math.max(
    contrast(outer, parseColor(headerLink.around)),
    contrast(parseColor(headerLink.outline), parseColor(headerLink.around)),
  );

  for (const [where, ratio] of Object.entries(ratios)) {
    expect(ratio, `${where}: ${ratio.toFixed(2)}:1`).toBeGreaterThanOrEqual(3);
  }
});
