import {bookingMetadata, bookingPage} from '@/components/booking/BookingScreen'
import {HouseBooking} from '@/components/booking/definitions/house'

/** /house_cleaning: the house booking form with its live summary, reviews and questions. */
export const generateMetadata = bookingMetadata('house')
export default bookingPage('house', HouseBooking)
