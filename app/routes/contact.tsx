import { Icon } from "~/components/icon/icon";
import { SocialLinks } from "~/components/layout/site-footer";
import { ContactSection, contactPageSectionId } from "~/components/sections/contact-section";
import { PageBanner } from "~/components/sections/page-banner";
import { WorldMap } from "~/components/sections/world-map";
import { contactPage, officeCity, officeMapUrl } from "~/content/company-pages";
import { metaForPath, titleForPath } from "~/lib/seo";
import { company } from "~/site/company";
import type { Route } from "./+types/contact";
import type { ClosingCtaHandle } from "~/components/sections/cta-band";
import { formAnswerAction } from "~/components/forms/form-answer";

/** The page ends in its own call to action, so the layout adds no closing band (decision 042). */
export const handle: ClosingCtaHandle = { closingCta: false };

/** A browser's own post of the page's form is answered here, with the server's answer (form-answer.tsx). */
export const action = formAnswerAction(({ request }) => titleForPath(new URL(request.url).pathname));

export const meta: Route.MetaFunction = ({ location }) => metaForPath(location.pathname);

export default function ContactPage() {
  return (
    <>
      <PageBanner
        crumbs={[{ name: "Home", path: "/" }, { name: "Contact" }]}
        title="Contact Us"
        description={contactPage.intro}
        visual={
          // The page's own picture: the offices it lists, on the map.
          <div className="map-card">
            <WorldMap />
          </div>
        }
      />
      <section className="section" aria-labelledby="offices-heading">
        <div className="container">
          <div className="row g-4">
            <div className="col-lg-4">
              <h2 id="offices-heading" className="h4">
                Reach us directly
              </h2>
              {/* The icon is bound to its link by a no-break space: never left alone at a line's end,
                  and no collapsible space whose box jumps when a slow line delivers the link later. */}
              <p className="mb-1">
                <Icon name="phone" />
                {"\u00a0"}
                <a href={`tel:${company.phoneE164}`}>{company.phoneDisplay}</a>
              </p>
              <p>
                <Icon name="envelope" />
                {"\u00a0"}
                <a href={`mailto:${company.email}`}>{company.email}</a>
              </p>
              <p>{contactPage.responseTime}</p>
              <div className="social-links--dark">
                <SocialLinks />
              </div>
            </div>
            <div className="col-lg-8">
              <ul className="row g-4 list-unstyled mb-0">
                {contactPage.offices.map((o) => (
                  <li key={o.city} className="col-sm-6">
                    <div className="office-card h-100">
                      <h3 className="h5">{o.city}</h3>
                      <address className="mb-1">{o.address}</address>
                      <p className="text-body-secondary mb-2">{o.hours}</p>
                      <a href={officeMapUrl(o)} target="_blank" rel="noopener noreferrer">
                        Open in OpenStreetMap<span className="visually-hidden">: {officeCity(o.city)} office</span>
                        <span className="visually-hidden"> (opens in a new tab)</span>
                      </a>
                    </div>
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </section>
      <ContactSection
        id={contactPageSectionId}
        heading="Send us a message"
        text="Tell us about your project, your timeline and how we can help."
      />
    </>
  );
}
