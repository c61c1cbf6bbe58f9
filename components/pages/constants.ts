/** The booking page every "Get Started" / "Book Now" on the content pages leads to (spec §2). */
export const BOOKING_HREF = '/house_cleaning'
