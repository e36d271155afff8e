import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

/**
 * The contact page. Every test sends its requests from its own client address
 * (CF-Connecting-IP, which local workerd passes through when the client sets it),
 * so the per-address hourly limit of one test never affects another.
 */

const SUCCESS_TITLE = "Message Sent Successfully! ✅";
const SUCCESS_TEXT = "Thank you for contacting us. We'll get back to you within 24 hours.";

function uniqueAddress() {
  const hex = randomUUID().replace(/-/g, "");
  return `2001:db8::${hex.slice(0, 4)}:${hex.slice(4, 8)}:${hex.slice(8, 12)}`;
}

function uniqueSubject(label: string) {
  return `${label} ${randomUUID().slice(0, 8)}`;
}

async function useOwnAddress(page: Page) {
  await page.setExtraHTTPHeaders({ "CF-Connecting-IP": uniqueAddress() });
}

type OutboxItem = { to: string; subject: string; text: string; html: string };

async function mailWithSubject(request: APIRequestContext, subject: string) {
  const response = await request.get("/dev/mailbox.json");
  expect(response.ok()).toBe(true);
  const items = (await response.json()) as OutboxItem[];
  return items.find((item) => item.subject === subject);
}

function form(page: Page) {
  const region = page.getByRole("region", { name: "Send us a message" });
  return {
    region,
    name: region.getByLabel("Your name"),
    email: region.getByLabel("E-mail address"),
    category: region.getByLabel("Category"),
    subject: region.getByLabel("Subject"),
    message: region.getByLabel("Message"),
    submit: region.getByRole("button", { name: /Send message|Sending/ }),
  };
}

test.describe("contact page", () => {
  test("shows contact details, business hours, social links, categories and the FAQ @nojs", async ({
    page,
  }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    const details = page.getByRole("region", { name: "Contact information" });
    await expect(details.getByRole("link", { name: "support@medmentor.in" })).toHaveAttribute(
      "href",
      "mailto:support@medmentor.in",
    );
    await expect(details.getByRole("link", { name: "+91 80 4719 2210" })).toHaveAttribute(
      "href",
      "tel:+918047192210",
    );

    const hours = page.getByRole("region", { name: "Business hours" }).getByRole("table");
    await expect(
      hours.getByRole("row", { name: /Monday – Friday.*9:00 AM – 6:00 PM/ }),
    ).toBeVisible();
    await expect(hours.getByRole("row", { name: /Saturday.*10:00 AM – 4:00 PM/ })).toBeVisible();
    await expect(hours.getByRole("row", { name: /Sunday.*Closed/ })).toBeVisible();
    await expect(hours).toContainText("IST");

    const social = page.getByRole("region", { name: "Follow us" }).getByRole("link");
    await expect(social).toHaveCount(3);
    for (const link of await social.all()) {
      await expect(link).toHaveAttribute("target", "_blank");
      await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    }

    const categories = page.getByRole("region", { name: "What can we help with?" });
    for (const label of [
      "General Inquiry",
      "Technical Support",
      "Bug Report",
      "Feature Request",
      "Billing & Payments",
      "Partnerships",
    ]) {
      await expect(categories.getByText(label, { exact: true })).toBeVisible();
    }

    const faq = page.getByRole("region", { name: "Frequently asked questions" });
    await expect(faq.locator("details")).toHaveCount(6);
    // The reset e-mail carries a code, not a link.
    await faq.getByText("How do I reset my password?").click();
    await expect(faq.getByText(/e-mail you a 6-digit code/)).toBeVisible();
    await expect(faq).not.toContainText("send you a link");
    await faq.getByText("Is there a MedMentor mobile app?").click();
    await expect(faq.getByText(/A dedicated mobile app is in development/)).toBeVisible();
    await faq.getByText("Can I cancel my subscription?").click();
    await expect(faq.getByText(/until the end of the billing period/)).toBeVisible();
  });

  test("with JavaScript: counter, button state, instant checks, toast and inline result, form reset", async ({
    page,
    request,
  }) => {
    await useOwnAddress(page);
    await page.goto("/contact");
    const f = form(page);

    // Once the page runs, the button waits for name, e-mail and message.
    await expect(f.submit).toBeDisabled();
    await expect(f.category).toHaveValue("general");
    await expect(f.message).toHaveAttribute("maxlength", "2000");
    await expect(f.region.getByText("0/2000")).toBeVisible();

    await f.name.fill("Meera Iyer");
    await f.email.fill("meera@example");
    await expect(f.submit).toBeDisabled();
    await f.message.fill("Could you add more renal physiology cases?");
    await expect(f.region.getByText("42/2000")).toBeVisible();
    await expect(f.submit).toBeEnabled();

    // Blank after trimming counts as blank.
    await f.name.fill("   ");
    await expect(f.submit).toBeDisabled();
    await f.name.fill("Meera Iyer");

    // The shared schema checks the e-mail as soon as the field is left.
    await f.email.blur();
    await expect(f.email).toHaveAttribute("aria-invalid", "true");
    await expect(
      f.region.getByText("Please enter a valid e-mail address, such as name@example.com."),
    ).toBeVisible();
    await f.email.fill("meera@example.com");
    await expect(f.email).not.toHaveAttribute("aria-invalid", "true");

    // Subject is required too: submitting without one points at it and sends nothing.
    await f.submit.click();
    await expect(f.region.getByText("Please add a subject for your message.")).toBeVisible();
    await expect(f.subject).toBeFocused();

    const subject = uniqueSubject("More renal cases");
    await f.subject.fill(subject);
    await f.category.selectOption({ label: "Feature Request" });
    await f.submit.click();

    const toast = page.locator("[data-sonner-toast]").filter({ hasText: SUCCESS_TITLE });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(SUCCESS_TEXT);
    await expect(f.region.getByRole("status")).toContainText(SUCCESS_TITLE);
    await expect(f.region.getByRole("status")).toContainText(SUCCESS_TEXT);

    // The form starts over.
    await expect(f.name).toHaveValue("");
    await expect(f.email).toHaveValue("");
    await expect(f.subject).toHaveValue("");
    await expect(f.message).toHaveValue("");
    await expect(f.category).toHaveValue("general");
    await expect(f.region.getByText("0/2000")).toBeVisible();
    await expect(f.submit).toBeDisabled();

    const mail = await mailWithSubject(request, `[Contact: Feature Request] ${subject}`);
    expect(mail).toBeDefined();
    expect(mail!.to).toBe("support@medmentor.in");
    expect(mail!.text).toContain("Could you add more renal physiology cases?");
    expect(mail!.text).toContain("meera@example.com");
  });

  test("sends a message and shows the result on the page @nojs", async ({ page, request }) => {
    const javascript = test.info().project.use.javaScriptEnabled !== false;
    await useOwnAddress(page);
    await page.goto("/contact");
    const f = form(page);
    if (javascript) await expect(f.submit).toBeDisabled();
    else await expect(f.submit).toBeEnabled();

    const subject = uniqueSubject(javascript ? "Billing question" : "Billing question without JS");
    await f.name.fill("Arjun Menon");
    await f.email.fill("arjun@example.com");
    await f.category.selectOption("billing");
    await f.subject.fill(subject);
    await f.message.fill(
      "Is there a student discount on the Plus plan?\nI'm in my third year of MBBS.",
    );
    await f.submit.click();

    const status = f.region.getByRole("status");
    await expect(status).toContainText(SUCCESS_TITLE);
    await expect(status).toContainText(SUCCESS_TEXT);
    if (javascript) {
      await expect(
        page.locator("[data-sonner-toast]").filter({ hasText: SUCCESS_TITLE }),
      ).toBeVisible();
    } else {
      // The page came back from the server, scrolled to the form and its result.
      await expect(page).toHaveURL(/\/contact#send-message$/);
      await expect(status).toBeInViewport();
    }
    await expect(f.name).toHaveValue("");
    await expect(f.subject).toHaveValue("");
    await expect(f.message).toHaveValue("");
    await expect(f.category).toHaveValue("general");

    const mail = await mailWithSubject(request, `[Contact: Billing & Payments] ${subject}`);
    expect(mail).toBeDefined();
    expect(mail!.text).toContain(
      "Is there a student discount on the Plus plan?\nI'm in my third year of MBBS.",
    );
    expect(mail!.html).toContain("I&#39;m in my third year of MBBS.");
  });

  test("without JavaScript the server refuses a blank message and keeps what was typed @nojs-only", async ({
    page,
    request,
  }) => {
    await useOwnAddress(page);
    await page.goto("/contact");
    const f = form(page);
    const subject = uniqueSubject("Spaces only");
    await f.name.fill("Kavya Nair");
    await f.email.fill("kavya@example.com");
    await f.subject.fill(subject);
    // Spaces satisfy the browser's `required`, but not the server.
    await f.message.fill("     ");
    await f.submit.click();

    const alert = f.region.getByRole("alert");
    await expect(alert).toContainText("Validation Error");
    await expect(alert).toContainText("Please fill in all required fields.");
    await expect(f.message).toHaveAttribute("aria-invalid", "true");
    await expect(f.message).toHaveAccessibleDescription(/Please write your message\./);
    await expect(f.name).toHaveValue("Kavya Nair");
    await expect(f.email).toHaveValue("kavya@example.com");
    await expect(f.subject).toHaveValue(subject);

    expect(await mailWithSubject(request, `[Contact: General Inquiry] ${subject}`)).toBeUndefined();
  });

  test("a sixth message within an hour from one address is refused with 429; other addresses are not", async ({
    request,
  }) => {
    const address = uniqueAddress();
    const send = (from: string, subject: string) =>
      request.post("/contact", {
        headers: { "CF-Connecting-IP": from },
        form: {
          name: "Rate Test",
          email: "rate@example.com",
          category: "general",
          subject,
          message: "Checking the hourly limit.",
        },
      });

    for (let i = 1; i <= 5; i++) {
      expect((await send(address, uniqueSubject(`Limit ${i}`))).status()).toBe(200);
    }
    const sixthSubject = uniqueSubject("Limit 6");
    const sixth = await send(address, sixthSubject);
    expect(sixth.status()).toBe(429);
    expect(Number(sixth.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await sixth.text()).toContain("You have sent several messages in the last hour.");
    expect(
      await mailWithSubject(request, `[Contact: General Inquiry] ${sixthSubject}`),
    ).toBeUndefined();

    expect((await send(uniqueAddress(), uniqueSubject("Other address"))).status()).toBe(200);
  });
});

test.describe("contact page accessibility", () => {
  // axe runs inside the page, so this needs JavaScript; the no-JavaScript error and result
  // states render the same markup (see the @nojs tests above).
  test("has no accessibility violations with field errors, then with a result and a toast", async ({
    page,
  }) => {
    const { default: AxeBuilder } = await import("@axe-core/playwright");
    const violations = async () => {
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
        .analyze();
      return results.violations.map(
        (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
      );
    };

    await useOwnAddress(page);
    await page.goto("/contact");
    const f = form(page);
    await expect(f.submit).toBeDisabled();
    await f.name.fill("Rohan Das");
    await f.email.fill("rohan@");
    await f.message.fill("Where can I see my quiz history?");
    await f.submit.click();
    await expect(f.email).toHaveAttribute("aria-invalid", "true");
    await expect(f.subject).toHaveAttribute("aria-invalid", "true");
    expect(await violations()).toEqual([]);

    await f.email.fill("rohan@example.com");
    await f.subject.fill(uniqueSubject("Axe"));
    await f.submit.click();
    await expect(f.region.getByRole("status")).toContainText(SUCCESS_TITLE);
    await expect(page.locator("[data-sonner-toast]")).toBeVisible();
    // Let the toast finish fading in: mid-animation colours are not what people read.
    await expect(page.locator("[data-sonner-toast]")).toHaveCSS("opacity", "1");
    await page.waitForTimeout(500);
    expect(await violations()).toEqual([]);
  });
});
