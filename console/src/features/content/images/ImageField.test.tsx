// @vitest-environment happy-dom
/**
 * The image field as a marketer uses it, in a small form that saves an image reference: upload,
 * preview from the console's own variant addresses, a save refused without alt text, the focal
 * point moved by arrow keys and by a click (sent once per move), and the server's refusal of a
 * file shown in its own words.
 */
import type { FocalPoint, ImageAnswer, ImageReference } from "@contracts/content/image";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { serverAnswers } from "../../../test-support/server-answers";
import { emptyImageField, ImageField, imageFieldError, imageReferenceOf, type ImageFieldValue } from "./ImageField";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answer = (focal: FocalPoint = { x: 0.5, y: 0.5 }, rev = "aaaaaaaa"): ImageAnswer => ({
  id: "0123456789abcdef01234567",
  rev,
  sourceFormat: "jpeg",
  width: 1600,
  height: 900,
  focal,
  renditions: {
    original: { widths: [480, 960, 1440], width: 1440, height: 810 },
    "16x9": { widths: [480, 960, 1440], width: 1440, height: 810 },
    "1x1": { widths: [480, 900], width: 900, height: 900 },
  },
  createdAt: "2026-11-23T09:00:00.000Z",
});

/** The story: a case study's hero image in a form that saves only a complete reference. */
function HeroImageForm({ onSave }: { onSave: (reference: ImageReference) => void }) {
  const [value, setValue] = useState<ImageFieldValue>(emptyImageField);
  const [error, setError] = useState<string>();
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const checked = imageReferenceOf(value);
        if (!checked.ok) return setError(checked.message);
        setError(undefined);
        onSave(checked.reference);
      }}
    >
      <ImageField id="hero" label="Hero image" value={value} onChange={setValue} error={error} />
      <button type="submit">Save</button>
    </form>
  );
}

const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], "team-offsite.jpg", { type: "image/jpeg" });

describe("ImageField", () => {
  it("uploads, previews, and refuses to save until the image has alt text", async () => {
    const server = serverAnswers({ "POST content/images": () => answer() });
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<HeroImageForm onSave={onSave} />);

    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByText("Upload an image.")).toBeTruthy();

    await user.upload(screen.getByLabelText("Upload an image"), photo());
    expect(await screen.findByRole("slider", { name: "Focal point" })).toBeTruthy();
    expect(server.posted("content/images")).toHaveLength(1);
    const previews = [...document.querySelectorAll("img")].map((img) => img.getAttribute("src"));
    expect(previews).toEqual([
      "/admin/api/content/images/variants/0123456789abcdef01234567-aaaaaaaa-original-960.webp",
      "/admin/api/content/images/variants/0123456789abcdef01234567-aaaaaaaa-16x9-480.webp",
      "/admin/api/content/images/variants/0123456789abcdef01234567-aaaaaaaa-1x1-480.webp",
    ]);

    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.getByText("Describe the image for people who cannot see it.")).toBeTruthy();
    expect(screen.getByLabelText("Alt text (required)").getAttribute("aria-invalid")).toBe("true");
    await user.type(screen.getByLabelText("Alt text (required)"), "   ");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(onSave).not.toHaveBeenCalled();

    await user.type(
      screen.getByLabelText("Alt text (required)"),
      "Four engineers planning a migration at a whiteboard",
    );
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(onSave).toHaveBeenCalledWith({
      imageId: "0123456789abcdef01234567",
      alt: "Four engineers planning a migration at a whiteboard",
    });
  });

  it("moves the focal point with the arrow keys and sends it once, when the picker is left", async () => {
    const server = serverAnswers({
      "POST content/images": () => answer(),
      "PATCH content/images/0123456789abcdef01234567": (body) =>
        answer((body as { focal: FocalPoint }).focal, "bbbbbbbb"),
    });
    const user = userEvent.setup();
    render(<HeroImageForm onSave={vi.fn()} />);
    await user.upload(screen.getByLabelText("Upload an image"), photo());
    const picker = await screen.findByRole("slider", { name: "Focal point" });

    picker.focus();
    await user.keyboard("{ArrowRight}{ArrowRight}{ArrowUp}{Shift>}{ArrowRight}{/Shift}");
    expect(picker.getAttribute("aria-valuetext")).toBe("61% from the left, 45% from the top");
    expect(server.sent.filter((s) => s.method === "PATCH")).toHaveLength(0);

    await user.tab();
    await waitFor(() => expect(server.sent.filter((s) => s.method === "PATCH")).toHaveLength(1));
    expect(server.sent.find((s) => s.method === "PATCH")!.body).toEqual({ focal: { x: 0.61, y: 0.45 } });
    await waitFor(() => expect(document.querySelector("img")!.getAttribute("src")).toContain("-bbbbbbbb-"));
  });

  it("sets the focal point where the picture is clicked", async () => {
    const server = serverAnswers({
      "POST content/images": () => answer(),
      "PATCH content/images/0123456789abcdef01234567": (body) =>
        answer((body as { focal: FocalPoint }).focal, "cccccccc"),
    });
    const user = userEvent.setup();
    render(<HeroImageForm onSave={vi.fn()} />);
    await user.upload(screen.getByLabelText("Upload an image"), photo());
    const picker = await screen.findByRole("slider", { name: "Focal point" });
    picker.getBoundingClientRect = () => ({ left: 100, top: 50, width: 400, height: 200 }) as DOMRect;

    fireEvent.pointerUp(picker, { clientX: 400, clientY: 100 });
    await waitFor(() =>
      expect(server.sent.find((s) => s.method === "PATCH")?.body).toEqual({ focal: { x: 0.75, y: 0.25 } }),
    );
    expect(picker.getAttribute("aria-valuetext")).toBe("75% from the left, 25% from the top");
  });

  it("shows the server's refusal of a file in its words, and keeps no image", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        Response.json(
          { status: false, message: "SVG and other markup are not accepted. Upload a JPEG, PNG, WebP or AVIF image." },
          { status: 422 },
        ),
      ),
    );
    const user = userEvent.setup({ applyAccept: false });
    render(<HeroImageForm onSave={vi.fn()} />);
    await user.upload(
      screen.getByLabelText("Upload an image"),
      new File(["<svg/>"], "logo.svg", { type: "image/svg+xml" }),
    );
    expect((await screen.findByRole("alert")).textContent).toBe(
      "SVG and other markup are not accepted. Upload a JPEG, PNG, WebP or AVIF image.",
    );
    expect(screen.queryByRole("slider")).toBeNull();
    expect(imageFieldError(emptyImageField)).toBe("Upload an image.");
  });
});
