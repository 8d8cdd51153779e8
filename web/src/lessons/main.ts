/** The lessons page's entry. */
import '../offline';
import './lesson-page';
