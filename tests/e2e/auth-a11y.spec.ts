import { expect, logIn, test, unverifiedUser, verifiedUser } from "./auth-fixtures";
import { seriousViolations } from "./axe";

for (const width of [1280, 390]) {
  test(`the accounts screens at ${width}px have no serious or critical accessibility violations`, async ({
    page,
    request,
    ip,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ["/login", "/register", "/forgot-password", "/reset-password"]) {
      await page.goto(path);
      expect(await seriousViolations(page), path).toEqual([]);
    }

    const pending = await unverifiedUser(request, ip, "a11y");
    await page.goto("/login");
    await logIn(page, pending.email, pending.password);
    await expect(page).toHaveURL("/verify-email");
    expect(await seriousViolations(page), "/verify-email").toEqual([]);

    const user = await verifiedUser(request, ip, "a11y");
    await page.goto("/login?redirectTo=%2Faccount");
    await logIn(page, user.email, user.password);
    await expect(page).toHaveURL("/account");
    expect(await seriousViolations(page), "/account").toEqual([]);
  });
}
