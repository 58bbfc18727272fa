package org.netbeans.spi.wizard;
public class WizardPage extends javax.swing.JPanel {
  public WizardPage(String description) {}
  public interface WizardResultProducer {
    Object finish(java.util.Map settings) throws WizardException;
    boolean cancel(java.util.Map settings);
  }
}
