import {bookingMetadata, bookingPage} from '@/components/booking/BookingScreen'
import {CommercialBooking} from '@/components/booking/definitions/commercial'

/** /commercial_cleaning: the commercial booking form with its summary, reviews and questions. */
export const generateMetadata = bookingMetadata('commercial')
export default bookingPage('commercial', CommercialBooking)
