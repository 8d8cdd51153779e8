/** The lessons page's entry. */
import './lesson-page';
