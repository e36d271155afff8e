import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireLocalMode } from "~/http/local-only.server";

/**
 * The test checkout's stand-in for Razorpay's checkout.js: it defines a
 * compatible `window.Razorpay` (new Razorpay(options).open(), options.handler,
 * options.modal.ondismiss, on("payment.failed", …)) whose modal offers Pay,
 * Fail and Cancel and asks /dev/checkout.json to record the outcome. Like
 * Razorpay's, the modal stays open after a failed attempt so the learner can
 * pay again or cancel. Plain ES2017 with inline styles: it is served as is.
 */
const SCRIPT = String.raw`(function () {
  "use strict";
  if (window.Razorpay) return;
  var ENDPOINT = "/dev/checkout.json";
  var BANNER = "Test mode \u2014 no money moves";
  var whole = new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: 0 });
  var exact = new Intl.NumberFormat("en-IN", {
    style: "currency", currency: "INR", minimumFractionDigits: 2, maximumFractionDigits: 2
  });
  function rupees(paise) { return (paise % 100 === 0 ? whole : exact).format(paise / 100); }

  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      if (name === "style") node.style.cssText = attrs.style;
      else if (name === "text") node.textContent = attrs.text;
      else node.setAttribute(name, attrs[name]);
    });
    (children || []).forEach(function (child) { if (child) node.appendChild(child); });
    return node;
  }

  var BUTTON = "display:block;width:100%;margin-top:10px;padding:12px 16px;border-radius:8px;" +
    "font:600 16px system-ui,sans-serif;cursor:pointer;border:1px solid transparent;";

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) throw new TypeError("Razorpay must be called with new");
    if (!options || !options.key || !options.order_id) {
      throw new Error("Razorpay: key and order_id are required");
    }
    this.options = options;
    this._listeners = {};
    this._root = null;
  }

  Razorpay.prototype.on = function (event, callback) {
    (this._listeners[event] = this._listeners[event] || []).push(callback);
  };

  Razorpay.prototype._emit = function (event, payload) {
    (this._listeners[event] || []).forEach(function (callback) {
      try { callback(payload); } catch (error) { console.error(error); }
    });
  };

  Razorpay.prototype.open = function () {
    if (this._root) return;
    var self = this;
    var options = this.options;
    this._returnFocus = document.activeElement;

    var status = el("p", {
      role: "status", "aria-live": "polite", "data-testid": "test-checkout-status",
      style: "min-height:1.5em;margin:14px 0 0;font-size:14px;color:#334155"
    });
    var pay = el("button", { type: "button", text: "Pay",
      style: BUTTON + "background:#0f766e;color:#fff;" });
    var fail = el("button", { type: "button", text: "Fail",
      style: BUTTON + "background:#b91c1c;color:#fff;" });
    var cancel = el("button", { type: "button", text: "Cancel",
      style: BUTTON + "background:#fff;color:#1e293b;border-color:#cbd5e1;" });
    var buttons = [pay, fail, cancel];

    var rows = [["Merchant", options.name || ""], ["Description", options.description || ""],
      ["Amount", rupees(Number(options.amount) || 0)]];
    var details = el("dl", { style: "margin:16px 0 0;font-size:14px" }, rows.filter(function (row) {
      return row[1];
    }).map(function (row) {
      return el("div", { style: "display:flex;justify-content:space-between;gap:16px;padding:6px 0;border-bottom:1px solid #f1f5f9" }, [
        el("dt", { text: row[0], style: "color:#475569" }),
        el("dd", { text: row[1], style: "margin:0;font-weight:600;color:#0f172a;text-align:right" })
      ]);
    }));

    var dialog = el("div", {
      role: "dialog", "aria-modal": "true", "aria-labelledby": "test-checkout-title",
      "aria-describedby": "test-checkout-banner", tabindex: "-1",
      style: "width:100%;max-width:400px;max-height:calc(100dvh - 32px);overflow:auto;background:#fff;" +
        "border-radius:16px;padding:24px;box-shadow:0 20px 50px rgba(0,0,0,.3);" +
        "font-family:system-ui,sans-serif;color:#0f172a"
    }, [
      el("p", { id: "test-checkout-banner", text: BANNER,
        style: "margin:0;padding:10px 12px;border:2px dashed #fbbf24;border-radius:8px;" +
          "background:#fffbeb;color:#451a03;font-weight:600;text-align:center" }),
      el("h2", { id: "test-checkout-title", text: "Test checkout",
        style: "margin:16px 0 0;font-size:20px;font-weight:700" }),
      details, status, pay, fail, cancel
    ]);
    // Below the page's toasts, so a message about this attempt stays readable.
    var overlay = el("div", {
      "data-testid": "test-checkout",
      style: "position:fixed;inset:0;z-index:10000;display:grid;place-items:center;padding:16px;" +
        "background:rgba(2,6,23,.7)"
    }, [dialog]);

    function setBusy(busy, message) {
      buttons.forEach(function (button) { button.disabled = busy; button.style.opacity = busy ? ".6" : "1"; });
      dialog.setAttribute("aria-busy", busy ? "true" : "false");
      if (message !== undefined) status.textContent = message;
    }

    function simulate(outcome) {
      setBusy(true, outcome === "pay" ? "Processing test payment\u2026" : "Recording a failed test payment\u2026");
      var prefill = options.prefill || {};
      fetch(ENDPOINT, {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ order_id: options.order_id, outcome: outcome,
          email: prefill.email || null, contact: prefill.contact || null })
      }).then(function (response) {
        return response.json().catch(function () { return { ok: false }; });
      }).then(function (body) {
        if (body && body.ok && body.result) {
          self._close();
          options.handler(body.result);
        } else if (body && body.ok && body.error) {
          setBusy(false, "Payment failed: " + body.error.description + " Pay again or cancel.");
          self._emit("payment.failed", { error: body.error });
          pay.focus();
        } else {
          setBusy(false, (body && body.message) || "The test checkout could not record this payment.");
        }
      }).catch(function () {
        setBusy(false, "Could not reach the test checkout. Check that the app is running.");
      });
    }

    function dismiss() {
      self._close();
      if (options.modal && typeof options.modal.ondismiss === "function") options.modal.ondismiss();
    }

    pay.addEventListener("click", function () { simulate("pay"); });
    fail.addEventListener("click", function () { simulate("fail"); });
    cancel.addEventListener("click", dismiss);
    overlay.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && !(options.modal && options.modal.escape === false)) {
        event.preventDefault();
        if (!pay.disabled) dismiss();
      } else if (event.key === "Tab") {
        // Keep focus inside the dialog.
        var enabled = buttons.filter(function (button) { return !button.disabled; });
        if (!enabled.length) { event.preventDefault(); return; }
        var first = enabled[0], last = enabled[enabled.length - 1];
        if (event.shiftKey && document.activeElement === first) { event.preventDefault(); last.focus(); }
        else if (!event.shiftKey && document.activeElement === last) { event.preventDefault(); first.focus(); }
      }
    });

    this._root = overlay;
    document.body.appendChild(overlay);
    pay.focus();
  };

  Razorpay.prototype._close = function () {
    if (!this._root) return;
    this._root.remove();
    this._root = null;
    var back = this._returnFocus;
    if (back && typeof back.focus === "function" && document.contains(back)) back.focus();
  };

  Razorpay.prototype.close = function () { this._close(); };

  window.Razorpay = Razorpay;
})();
`;

/** GET /dev/checkout.js (local mode only; an ordinary 404 elsewhere). */
export function loader({ context }: LoaderFunctionArgs) {
  requireLocalMode(context.env);
  return new Response(SCRIPT, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-store",
    },
  });
}
