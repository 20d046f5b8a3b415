import type { APIRequestContext } from "@playwright/test";
import { bookingWindow } from "../../app/hours/booking-window";
import { addDays, weekdayOf } from "../../app/hours/shop-calendar";
import {
  executeSql,
  expect,
  fillVisitorDetails,
  startServiceRequest,
  liveSchedule,
  test,
  uniqueEmail,
  visitorForm,
  waitForEnhancedForm,
} from "../fixtures";

// The service request's optional vehicle and visit groups, and booking from a service page, with
// JavaScript on and off. The test server runs on the real clock: dates come from the same rules.
// One at a time: the owner's "book on arrival" switch, turned on by the last tests, changes the
// answer every drop-off request with a preferred day gets.
test.describe.configure({ mode: "default" });

/** The first day the form takes (by the hours the server publishes), and the first Saturday after it. */
async function bookableDays(request: APIRequestContext) {
  const { first } = bookingWindow(await liveSchedule(request), new Date());
  let saturday = first;
  while (weekdayOf(saturday) !== 6) saturday = addDays(saturday, 1);
  return { first, saturday };
}

type StoredDetails = {
  service: string;
  vehicle_year: number | null;
  vehicle_make: string | null;
  vehicle_model: string | null;
  mileage: number | null;
  preferred_date: string | null;
  preferred_time: string | null;
  visit_type: string | null;
};

const detailsOf = (email: string) =>
  `select service, vehicle_year, vehicle_make, vehicle_model, mileage, preferred_date, preferred_time, visit_type
   from service_requests where email = '${email}'`;

for (const javaScriptEnabled of [false, true]) {
  test.describe(`the vehicle and the visit with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("are sent and stored with the request", async ({ page, db, request }) => {
      const { first } = await bookableDays(request);
      const { form, email } = await startServiceRequest(page, {
        javaScriptEnabled,
        service: "brake-service",
        details: "Squeal from the front when braking.",
      });

      const vehicle = form.getByRole("group", { name: "Your vehicle" });
      await vehicle.getByLabel("Year").selectOption("2019");
      await vehicle.getByLabel("Make").fill("Toyota");
      await vehicle.getByLabel("Model").fill("RAV4");
      await vehicle.getByLabel("Mileage").fill("84,000");
      const visit = form.getByRole("group", { name: "When would you like to come in?" });
      await visit.getByLabel("Preferred date").fill(first);
      await visit.getByRole("group", { name: "Preferred time" }).getByLabel("Afternoon").check();
      await visit.getByLabel("I'll drop it off").check();
      await form.getByRole("button", { name: "Submit Service Request" }).click();

      await expect(page.getByTestId("form-success")).toContainText("Service Request Submitted");
      await expect(vehicle.getByLabel("Make")).toHaveValue("");
      expect(db.all<StoredDetails>(detailsOf(email))).toEqual([
        {
          service: "brake-service",
          vehicle_year: 2019,
          vehicle_make: "Toyota",
          vehicle_model: "RAV4",
          mileage: 84_000,
          preferred_date: first,
          preferred_time: "afternoon",
          visit_type: "drop-off",
        },
      ]);
    });

    test("explain what to fix, keep what was typed and store nothing", async ({ page, db, request }) => {
      const { saturday } = await bookableDays(request);
      const { form, email } = await startServiceRequest(page, {
        javaScriptEnabled,
        service: "oil-change",
        details: "Due for an oil change.",
      });
      await form.getByLabel("Mileage").fill("84000.5");
      await form.getByLabel("Preferred date").fill(saturday);
      await form.getByRole("button", { name: "Submit Service Request" }).click();

      await expect(form.getByText("Please enter the mileage as a whole number from 0 to 999,999.")).toBeVisible();
      await expect(form.getByText("We're closed on weekends. Please choose a weekday.")).toBeVisible();
      await expect(form.getByLabel("Mileage")).toBeFocused();
      await expect(form.getByLabel("Mileage")).toHaveAttribute("aria-invalid", "true");
      await expect(form.getByLabel("Preferred date")).toHaveValue(saturday);
      await expect(form.getByLabel("Last Name")).toHaveValue("Whitfield");
      expect(db.all(detailsOf(email))).toEqual([]);
    });

    test("open with the service of the page the visitor came from", async ({ page, db }) => {
      const email = uniqueEmail();
      await page.goto("/services/brake-repair");
      await page.getByRole("link", { name: "Schedule Service" }).click();
      await expect(page).toHaveURL(/\/\?service=brake-service#request-service$/);
      const form = visitorForm(page);
      await expect(form.getByLabel("Service Needed")).toHaveValue("brake-service");
      if (javaScriptEnabled) {
        await waitForEnhancedForm(page);
        await expect(form.getByLabel("Service Needed")).toHaveValue("brake-service");
      }
      await fillVisitorDetails(form, email);
      await form.getByLabel("Additional Details").fill("Pads, please.");
      await form.getByRole("button", { name: "Submit Service Request" }).click();
      await expect(page.getByTestId("form-success")).toContainText("Service Request Submitted");
      expect(db.all<{ service: string }>(`select service from service_requests where email = ?`, email)).toEqual([
        { service: "brake-service" },
      ]);
    });
  });
}

test.describe("a page without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("says in its header whether the shop is open now", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("banner")).toContainText(
      /Open now · until 5:00 PM|Closed( for [^·]+)? · opens (today|tomorrow|\w+day)( \d+\/\d+)? at 8:00 AM/,
    );
  });
});

/** The owner's switch and room every day, as an owner sets them on Settings. */
function bookOnArrival(on: boolean) {
  executeSql(
    `INSERT INTO appointment_settings (id, drop_offs_per_day, confirm_on_arrival) VALUES (1, 100, ${on ? 1 : 0}) ON CONFLICT (id) DO UPDATE SET drop_offs_per_day = max(drop_offs_per_day, 100), confirm_on_arrival = excluded.confirm_on_arrival`,
  );
}

for (const javaScriptEnabled of [false, true]) {
  test.describe(`booking on arrival with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("tells the visitor their drop-off is booked", async ({ page, db, request }) => {
      const { first } = await bookableDays(request);
      bookOnArrival(true);
      try {
        const { form, email } = await startServiceRequest(page, {
          javaScriptEnabled,
          service: "oil-change",
          details: "Due for an oil change.",
        });
        const visit = form.getByRole("group", { name: "When would you like to come in?" });
        await visit.getByLabel("Preferred date").fill(first);
        await visit.getByLabel("I'll drop it off").check();
        await form.getByRole("button", { name: "Submit Service Request" }).click();
        const answer = page.getByTestId("form-success");
        await expect(answer).toContainText("Your Appointment Is Booked");
        await expect(answer).toContainText("drop-off between");
        expect(
          db.all(
            `select a.date, a.kind, a.status from appointments a join service_requests s on s.id = a.service_request_id where s.email = ?`,
            email,
          ),
        ).toEqual([{ date: first, kind: "drop-off", status: "confirmed" }]);
      } finally {
        bookOnArrival(false);
      }
    });
  });
}
