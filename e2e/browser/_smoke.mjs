import { open, closeLeaked } from "./browser.mjs";
import { waitStatus } from "./helpers.mjs";
const b = await open();
const { page } = b;
page.on("console", (m) => console.log("console:", m.type(), m.text()));
try {
  await page.goto(b.url);
  await waitStatus(page, /^Evaluated/);
  await page.getByLabel("Validate").check();
  await page.waitForTimeout(3000);
  console.log("status:", await page.locator("#status").textContent());
  console.log("badge:", await page.locator("#validate-verdict").textContent().catch(() => "none"), await page.locator("#validate-verdict").getAttribute("title").catch(() => ""));
  console.log("hash has state:", (await page.evaluate(() => location.hash)).length);
  await page.waitForTimeout(700);
  const url = await page.evaluate(() => location.href);
  await page.goto("about:blank");
  await page.goto(url);
  await waitStatus(page, /^Evaluated/);
  console.log("after reload validate checked:", await page.getByLabel("Validate").isChecked(), await page.getByLabel("Kubernetes version").inputValue());
  await page.screenshot({ path: "/tmp/p-smoke.png" });
  console.log("errors:", b.errors.map(String));
} finally {
  await b.close();
  await closeLeaked();
}
